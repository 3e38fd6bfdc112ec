/**
 * Which request paths may name a file of swagger-ui-dist. Pure string checks, so they are tested without a disk.
 *
 * The allow-list of extensions is also the MIME map: serving only these few types of the package's own files needs
 * no MIME library, and anything not listed (package.json, README.md, LICENSE) is never served.
 */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.html': 'text/html; charset=utf-8',
};

// Letters, digits, dot, dash and underscore; starts with a letter or digit (so no `.`, `..` or dotfiles).
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export type DocsRequest = { kind: 'page'; root: string } | { kind: 'file'; root: string; name: string; contentType: string } | { kind: 'not-found' };

/**
 * Splits a request path into the docs page or one file name. `root` is where the route file is mounted (found by
 * the `mount` segment, e.g. `/api-docs`, so a Next.js `basePath` in front of it is kept).
 *
 * The path is taken raw (still percent-encoded): a file name must be one plain segment, so `..`, `%2e%2e`, `%2f`,
 * `%5c`, backslashes, `%00`, empty segments and absolute paths never name a file.
 */
export function parseDocsPath(pathname: string, mount: string): DocsRequest {
  const at = findMount(pathname, mount);
  if (at === -1) return { kind: 'not-found' };
  const root = pathname.slice(0, at + mount.length);
  const rest = pathname.slice(at + mount.length);
  if (rest === '' || rest === '/' || rest === '/index.html') return { kind: 'page', root };
  const name = rest.slice(1);
  if (!SAFE_NAME.test(name) || name.includes('..')) return { kind: 'not-found' };
  const dot = name.lastIndexOf('.');
  const contentType = dot === -1 ? undefined : CONTENT_TYPES[name.slice(dot).toLowerCase()];
  if (!contentType) return { kind: 'not-found' };
  return { kind: 'file', root, name, contentType };
}

/** Index of the last `mount` in `pathname` that is followed by nothing or a slash. */
function findMount(pathname: string, mount: string): number {
  for (let at = pathname.lastIndexOf(mount); at !== -1; at = at === 0 ? -1 : pathname.lastIndexOf(mount, at - 1)) {
    const after = pathname.charCodeAt(at + mount.length);
    if (Number.isNaN(after) || after === 47 /* / */) {
      // Only a mount point if what follows is the page or a single segment.
      const rest = pathname.slice(at + mount.length);
      if (rest.indexOf('/', 1) === -1) return at;
    }
  }
  return -1;
}
