import type { RouteContext } from '../context';

/**
 * The URL a request was sent to, as the client sees it: behind a proxy, with the host of `X-Forwarded-Host` and the
 * scheme of `X-Forwarded-Proto` (each the first of a list).
 */
export function publicUrl(request: Request): URL {
  const url = new URL(request.url);
  const host = firstOf(request.headers.get('x-forwarded-host'));
  if (host) {
    // Setting `host` without a port keeps the URL's own: the port the app listens on is not the proxy's.
    url.port = '';
    url.host = host;
  }
  const proto = firstOf(request.headers.get('x-forwarded-proto'))?.toLowerCase();
  if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
  return url;
}

function firstOf(value: string | null): string | undefined {
  return value?.split(',', 1)[0].trim() || undefined;
}

/**
 * The request's URL without its query, as the client sees it: its own origin, or behind a proxy the one
 * `X-Forwarded-Host`/`X-Forwarded-Proto` give (parsed only then: the common case splits a string).
 */
function pageBase(request: Request): string {
  const { url, headers } = request;
  const end = url.search(/[?#]/);
  const base = end === -1 ? url : url.slice(0, end);
  if (!headers.has('x-forwarded-host') && !headers.has('x-forwarded-proto')) return base;
  const forwarded = publicUrl(request);
  return forwarded.origin + forwarded.pathname;
}

/** One RFC 8288 link: the request's URL with `param` set to `value`, its other query parameters kept. */
function link(base: string, query: URLSearchParams, param: string, value: string, rel: string): string {
  const search = new URLSearchParams(query);
  search.set(param, value);
  return `<${base}?${search}>; rel="${rel}"`;
}

/** `Link` of a cursor page: `next` unless it is the last (`nextCursor` null). */
export function cursorLinks(context: RouteContext, nextCursor: string | null): string | undefined {
  return nextCursor === null ? undefined : link(pageBase(context.request), context.query, 'cursor', nextCursor, 'next');
}

/**
 * `Link` of an offset page: `next` unless it holds the last item, `prev` unless it is the first, `first`, and `last`
 * (the page holding the last item, at a multiple of `limit`).
 */
export function offsetLinks(context: RouteContext, offset: number, limit: number, total: number): string {
  const base = pageBase(context.request);
  const { query } = context;
  const links: string[] = [];
  if (offset + limit < total) links.push(link(base, query, 'offset', String(offset + limit), 'next'));
  if (offset > 0) links.push(link(base, query, 'offset', String(Math.max(0, offset - limit)), 'prev'));
  links.push(link(base, query, 'offset', '0', 'first'));
  links.push(link(base, query, 'offset', String(total > 0 ? Math.floor((total - 1) / limit) * limit : 0), 'last'));
  return links.join(', ');
}
