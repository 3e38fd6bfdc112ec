const encoder = new TextEncoder();

/**
 * Whether `given` equals `expected`, in a time that depends on the length of `expected` only, never on how much of
 * `given` matches: compare API keys and other secrets with it, so a caller cannot guess one byte by byte from the
 * answer times. A loop over UTF-8 bytes (XOR), so it runs on the Edge runtime, which has no `node:crypto`.
 *
 * @example
 * apiKey({ name: 'serviceKey', header: 'X-API-Key', verify: (key) => (timingSafeEqual(key, process.env.SERVICE_KEY!) ? { id: 'service' } : undefined) })
 */
export function timingSafeEqual(given: string, expected: string): boolean {
  const a = encoder.encode(String(given));
  const b = encoder.encode(String(expected));
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ b[i]!;
  return difference === 0;
}
