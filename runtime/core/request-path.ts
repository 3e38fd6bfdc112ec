import { safeDecode } from './path';

// Out of path.ts, whose joining and route patterns are in what importing the library loads: only the routers and the
// malformed-path answer split request paths, and they are lazily loaded chunks.

/**
 * The request path as segments, percent-decoded one by one (so `%2F` stays inside its segment).
 * A trailing slash is ignored. Returns null when the path holds malformed percent-encoding.
 */
export function splitRequestPath(pathname: string): string[] | null {
  let end = pathname.length;
  if (end > 1 && pathname.charCodeAt(end - 1) === 47) end--;
  if (end <= 1) return [];
  // An indexOf loop, not slice + split: a third of the cost for a five-segment path.
  const segments: string[] = [];
  for (let start = 1; ; ) {
    const slash = pathname.indexOf('/', start);
    if (slash === -1 || slash >= end) {
      segments.push(pathname.slice(start, end));
      break;
    }
    segments.push(pathname.slice(start, slash));
    start = slash + 1;
  }
  if (pathname.indexOf('%') === -1) return segments;
  for (let i = 0; i < segments.length; i++) {
    const decoded = safeDecode(segments[i]);
    if (decoded === null) return null;
    segments[i] = decoded;
  }
  return segments;
}
