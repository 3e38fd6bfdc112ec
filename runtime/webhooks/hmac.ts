import { fromBase64, nodeCrypto } from '../idempotency/idempotency';

/**
 * HMAC-SHA256 with `secret`, what Standard Webhooks, Stripe and GitHub sign with (sending and verifying share it):
 * Node's createHmac where the runtime has it (synchronous: WebCrypto's sign hops to the thread pool, which cost a
 * verified webhook about half again its time here), else WebCrypto's (Edge; `node` null chooses it), its key imported
 * once.
 */
export function hmacSigner(secret: Uint8Array, node: typeof nodeCrypto | null = nodeCrypto): (content: Uint8Array) => Uint8Array | Promise<Uint8Array> {
  if (node) return (content) => node.createHmac('sha256', secret).update(content).digest();
  const key = crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  key.catch(() => {});
  return async (content) => new Uint8Array(await crypto.subtle.sign('HMAC', await key, content as Uint8Array<ArrayBuffer>));
}

/** A Standard Webhooks secret's key bytes (`whsec_<base64>`, the prefix optional), or undefined when it is not base64 or empty. */
export function standardSecretBytes(secret: string): Uint8Array | undefined {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(secret.startsWith('whsec_') ? secret.slice(6) : secret);
  } catch {
    return undefined;
  }
  return bytes.byteLength === 0 ? undefined : bytes;
}
