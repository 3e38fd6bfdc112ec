/** `@CacheControl(options)`: the directives of a `Cache-Control` header (RFC 9111), as options. */
export interface CacheControlOptions {
  /** Seconds a response stays fresh (`max-age`). */
  maxAge?: number;
  /** Seconds it stays fresh in shared caches: a CDN (`s-maxage`). */
  sMaxAge?: number;
  /** Seconds a stale response may still be served while it is revalidated (`stale-while-revalidate`, RFC 5861). */
  staleWhileRevalidate?: number;
  /** Seconds a stale response may be served when revalidating fails (`stale-if-error`, RFC 5861). */
  staleIfError?: number;
  public?: boolean;
  private?: boolean;
  /** Stored, but revalidated before every use (with the ETag: a 304 when it has not changed). */
  noCache?: boolean;
  noStore?: boolean;
  mustRevalidate?: boolean;
  proxyRevalidate?: boolean;
  immutable?: boolean;
  noTransform?: boolean;
}

const FLAGS: [keyof CacheControlOptions, string][] = [
  ['public', 'public'],
  ['private', 'private'],
  ['noCache', 'no-cache'],
  ['noStore', 'no-store'],
  ['mustRevalidate', 'must-revalidate'],
  ['proxyRevalidate', 'proxy-revalidate'],
  ['immutable', 'immutable'],
  ['noTransform', 'no-transform'],
];

const SECONDS: [keyof CacheControlOptions, string][] = [
  ['maxAge', 'max-age'],
  ['sMaxAge', 's-maxage'],
  ['staleWhileRevalidate', 'stale-while-revalidate'],
  ['staleIfError', 'stale-if-error'],
];

const KNOWN = new Set([...FLAGS, ...SECONDS].map(([option]) => option));

/** The header value of `@CacheControl(value)`: a string as it is, options as their directives in a fixed order. */
export function cacheControlValue(value: string | CacheControlOptions, where: string): string {
  if (typeof value === 'string' && /^[^\r\n]+$/.test(value)) return value;
  if (typeof value !== 'object' || value === null) {
    throw new TypeError(`${where}: @CacheControl takes a header value such as 'public, max-age=60', or options such as { maxAge: 60 }, got ${JSON.stringify(value)}.`);
  }
  const unknown = Object.keys(value).filter((option) => !KNOWN.has(option as keyof CacheControlOptions));
  if (unknown.length > 0) {
    throw new TypeError(`${where}: @CacheControl does not know ${unknown.join(', ')}; it takes ${[...KNOWN].join(', ')}.`);
  }
  const directives = FLAGS.filter(([option]) => value[option] === true).map(([, directive]) => directive);
  for (const [option, directive] of SECONDS) {
    const seconds = value[option];
    if (seconds === undefined) continue;
    if (!Number.isInteger(seconds) || (seconds as number) < 0) throw new TypeError(`${where}: @CacheControl({ ${option} }) takes whole seconds, got ${String(seconds)}.`);
    directives.push(`${directive}=${seconds}`);
  }
  if (directives.length === 0) throw new TypeError(`${where}: @CacheControl({}) names no directive.`);
  return directives.join(', ');
}
