import { fromBase64 } from '../idempotency/idempotency';

/** An HMAC-SHA256 signing key (WebCrypto, so Edge too): what Standard Webhooks, Stripe and GitHub sign with. */
export function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
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
