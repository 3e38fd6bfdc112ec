/** What a handler may return to be sent as bytes, streamed as they are read, never buffered whole. */
export type BinaryBody = Blob | ReadableStream<Uint8Array> | ArrayBuffer | ArrayBufferView;

const OCTET_STREAM = 'application/octet-stream';

export function isBinaryBody(value: unknown): value is BinaryBody {
  if (typeof value !== 'object' || value === null) return false;
  // Most results are plain objects and arrays: answered before the class checks.
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === Array.prototype || prototype === null) return false;
  // Any ReadableStream, one from another realm (Next.js's Edge sandbox, undici's own) too.
  return value instanceof Blob || value instanceof ArrayBuffer || ArrayBuffer.isView(value) || typeof (value as ReadableStream).getReader === 'function';
}

/**
 * Bytes as a Response: the type is the Blob's (a File's), else `type` (`@Produces`), else application/octet-stream;
 * content-length when the size is known (not for a ReadableStream).
 */
export function bytesResponse(body: BinaryBody, status = 200, type?: string, headers?: Record<string, string>): Response {
  const all: Record<string, string> = { 'content-type': (body instanceof Blob && body.type) || type || OCTET_STREAM, ...headers };
  const length = body instanceof Blob ? body.size : 'byteLength' in body ? body.byteLength : undefined;
  if (length !== undefined) all['content-length'] = String(length);
  return new Response(body as BodyInit, { status, headers: all });
}
