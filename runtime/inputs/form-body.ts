import { readBody } from './body';
import { clientError } from '../errors/client-error';

const FORM_TYPES = new Set(['multipart/form-data', 'application/x-www-form-urlencoded']);

/**
 * Reads a form body: 415 for a content type other than multipart/form-data or application/x-www-form-urlencoded
 * (JSON included: `@Form` routes take forms only), 413 past `limit` bytes (read under the limit like a JSON body,
 * never further), 400 for a multipart body the platform cannot parse (no or wrong boundary, truncated).
 *
 * The bytes are read first and then handed to the platform's own parser (undici's, through `Response.formData()`):
 * memory stays bounded by the limit without a streaming parser every application would have to install.
 */
export async function readForm(request: Request, limit: number): Promise<FormData> {
  const type = request.headers.get('content-type');
  const essence = type?.split(';', 1)[0].trim().toLowerCase();
  if (essence === undefined || !FORM_TYPES.has(essence)) {
    throw clientError(
      415,
      `Expected a form body: send it with Content-Type: multipart/form-data or application/x-www-form-urlencoded${type ? ` (got ${type})` : ''}`,
    );
  }
  const bytes = await readBody(request, limit);
  try {
    return await new Response(bytes as BodyInit, { headers: { 'content-type': type! } }).formData();
  } catch {
    throw clientError(400, `Request body is not valid ${essence}${essence === 'multipart/form-data' ? ': check its boundary and that it is complete' : ''}`);
  }
}
