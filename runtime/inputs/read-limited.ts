import { clientError } from '../errors/client-error';

/**
 * A request body read whole, `undefined` once it passes `limit` bytes (the rest cancelled): the body readers' loop
 * (inputs/body.ts) and `@Idempotent`'s, which reads the bytes to compare payloads before any reader runs.
 */
export async function readLimited(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(bodyCutOff);
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0] : concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

// The body stream fails when the client disconnects mid-upload: its mistake (or its choice), never a server fault, so
// it is answered like any other bad body and neither logged nor passed to onError.
function bodyCutOff(): never {
  throw clientError(400, 'Request body was cut off: the connection closed before all of it arrived');
}
