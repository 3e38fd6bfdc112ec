import { defaultErrorResponse } from '../errors/error-handler';
import { clientError } from '../errors/client-error';

// What the two self-hosted docs pages (Swagger UI and Scalar) share; only their lazily loaded chunks import it.

/** Text made safe inside an HTML element or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A short, stable hash (FNV-1a) of a generated file, for its ETag. */
export function hash(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const byte of bytes) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h.toString(36);
}

/** The JSON 404 of a path under the page that is none of its files. */
export function notFound(url: URL): Response {
  return defaultErrorResponse(clientError(404, `Cannot GET ${url.pathname}`));
}
