import { bytesResponse, type BinaryBody } from './bytes';

/** The options of {@link download}: the name the browser saves the file under, and its content type. */
export interface DownloadOptions {
  /** The name the browser saves the file under; any characters (RFC 6266 `filename*` carries them). */
  filename: string;
  /** The content type; default the Blob's (File's) type, else application/octet-stream (text/plain for a string). */
  type?: string;
}

/**
 * A Response the browser saves as a file (`content-disposition: attachment`), with the body streamed as it is read.
 * `filename` survives non-ASCII characters and quotes: an ASCII `filename` for old clients, `filename*` (UTF-8) for
 * the rest.
 */
export function download(body: BinaryBody | string, options: DownloadOptions): Response {
  const { filename, type } = options ?? {};
  if (typeof filename !== 'string' || filename === '') {
    throw new TypeError("download(body, { filename }) needs a file name, e.g. download(bytes, { filename: 'report.pdf' }).");
  }
  const bytes = typeof body === 'string' ? new Blob([body], { type: type ?? 'text/plain; charset=utf-8' }) : body;
  const response = bytesResponse(bytes, 200, type, { 'content-disposition': contentDisposition(filename) });
  if (type !== undefined) response.headers.set('content-type', type);
  return response;
}

/** RFC 6266: `attachment; filename="<ASCII fallback>"`, plus `filename*=UTF-8''<percent-encoded>` when they differ. */
export function contentDisposition(filename: string): string {
  // Quotes and backslashes are replaced, not escaped: browsers read `\"` inside a quoted filename differently.
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/gu, '_');
  const header = `attachment; filename="${fallback}"`;
  if (fallback === filename) return header;
  // encodeURIComponent leaves ' ( ) * as they are, which RFC 5987's attr-char does not allow.
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${header}; filename*=UTF-8''${encoded}`;
}
