const PARAM_NAME = /^[A-Za-z_$][\w$]*$/;

/** Joins basePath, prefix and route path into one normalised path: one leading slash, no trailing or double ones. */
export function joinPaths(...parts: string[]): string {
  const joined = parts
    .join('/')
    .split('/')
    .filter((segment) => segment !== '')
    .join('/');
  return `/${joined}`;
}

export type PatternSegment = { kind: 'static'; value: string } | { kind: 'param'; name: string };

/** Splits a normalised route path into segments; throws with the route named when a `:param` is malformed. */
export function parsePattern(path: string, where: string): PatternSegment[] {
  if (path === '/') return [];
  const seen = new Set<string>();
  return path
    .slice(1)
    .split('/')
    .map((segment): PatternSegment => {
      if (!segment.startsWith(':')) return { kind: 'static', value: safeDecode(segment) ?? segment };
      const name = segment.slice(1);
      if (!PARAM_NAME.test(name)) {
        throw new Error(`${where}: path parameter "${segment}" in "${path}" must be ":" followed by a name such as ":id".`);
      }
      if (seen.has(name)) throw new Error(`${where}: path parameter ":${name}" appears twice in "${path}".`);
      seen.add(name);
      return { kind: 'param', name };
    });
}

/** A percent-decoded segment, or null when its percent-encoding is malformed. */
export function safeDecode(segment: string): string | null {
  if (segment.indexOf('%') === -1) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The path of a request URL without parsing all of it (`new URL` is the slow part of a cheap request). */
export function pathnameOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return '/';
  let end = start;
  while (end < url.length) {
    const code = url.charCodeAt(end);
    if (code === 63 /* ? */ || code === 35 /* # */) break;
    end++;
  }
  return url.slice(start, end);
}
