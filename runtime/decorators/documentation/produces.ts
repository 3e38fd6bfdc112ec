import { onMethod } from '../legacy';

/**
 * The media type of the route's success response: documented in OpenAPI (`string`/`binary` for binary types), and the
 * content type of the bytes (a Blob without a type, a ReadableStream, a Uint8Array, an ArrayBuffer) or the string the
 * method returns.
 */
export function Produces(mediaType: string): MethodDecorator {
  if (typeof mediaType !== 'string' || !/^[\w.+-]+\/[\w.+-]/.test(mediaType)) throw new TypeError(`@Produces(mediaType) takes a media type such as 'text/csv', got ${String(mediaType)}.`);
  return onMethod('Produces', (record) => (record.produces = mediaType));
}
