import type { RouteContext } from '../core/context';

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
 * The request's URL split at its query, as the client sees it: its own origin, or behind a proxy the one
 * `X-Forwarded-Host`/`X-Forwarded-Proto` give (parsed only then: the common case slices a string).
 */
function pageTarget(request: Request): { base: string; query: string } {
  const { url, headers } = request;
  const hash = url.indexOf('#');
  const end = hash === -1 ? url.length : hash;
  const mark = url.indexOf('?');
  const query = mark === -1 || mark > end ? '' : url.slice(mark + 1, end);
  let base = url.slice(0, mark === -1 || mark > end ? end : mark);
  const host = headers.get('x-forwarded-host');
  const proto = headers.get('x-forwarded-proto');
  if ((host !== null || proto !== null) && !namesOwnOrigin(base, host, proto)) {
    const forwarded = publicUrl(request);
    base = forwarded.origin + forwarded.pathname;
  }
  return { base, query };
}

/**
 * Whether the forwarded host and scheme are the URL's own (`next start` forwards them on every request, the same as
 * the URL it builds): the link is then the URL as it is, without parsing it.
 */
function namesOwnOrigin(base: string, host: string | null, proto: string | null): boolean {
  const schemeEnd = base.indexOf('://');
  const authorityEnd = base.indexOf('/', schemeEnd + 3);
  const authority = base.slice(schemeEnd + 3, authorityEnd === -1 ? base.length : authorityEnd);
  return (host === null || firstOf(host) === authority) && (proto === null || firstOf(proto) === base.slice(0, schemeEnd));
}

/** Whether a raw `name=value` pair of a query string is `param`'s (names compared decoded, `+` as a space). */
function isParam(pair: string, param: string): boolean {
  const eq = pair.indexOf('=');
  const name = eq === -1 ? pair : pair.slice(0, eq);
  if (name === param) return true;
  if (!name.includes('%') && !name.includes('+')) return false;
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')) === param;
  } catch {
    return false;
  }
}

/**
 * Whether `query` can take `param` appended as it is: `param` (a plain name) nowhere in it, no encoded name that could
 * decode to it, no empty pair to drop. Three substring scans instead of splitting it into pairs: most requests.
 */
function appendable(query: string, param: string): boolean {
  return !query.includes(param) && !query.includes('%') && !query.includes('+') && !query.includes('&&') && query[0] !== '&' && query[query.length - 1] !== '&';
}

/**
 * One RFC 8288 link: the request's URL with `param` (a plain name: `cursor`, `offset`) set to `value` (where it stood,
 * or last), its other query parameters kept as the client wrote them. Built from the raw query string: no
 * URLSearchParams copy per link.
 */
function link({ base, query }: { base: string; query: string }, param: string, value: string, rel: string): string {
  const set = `${param}=${encodeURIComponent(value)}`;
  if (query === '') return `<${base}?${set}>; rel="${rel}"`;
  if (appendable(query, param)) return `<${base}?${query}&${set}>; rel="${rel}"`;
  let search = '';
  let placed = false;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    let part = pair;
    if (isParam(pair, param)) {
      if (placed) continue;
      part = set;
      placed = true;
    }
    search = search === '' ? part : `${search}&${part}`;
  }
  if (!placed) search = search === '' ? set : `${search}&${set}`;
  return `<${base}?${search}>; rel="${rel}"`;
}

/** `Link` of a cursor page: `next` unless it is the last (`nextCursor` null). */
export function cursorLinks(context: RouteContext, nextCursor: string | null): string | undefined {
  return nextCursor === null ? undefined : link(pageTarget(context.request), 'cursor', nextCursor, 'next');
}

/**
 * `Link` of an offset page: `next` unless it holds the last item, `prev` unless it is the first, `first`, and `last`
 * (the page holding the last item, at a multiple of `limit`).
 */
export function offsetLinks(context: RouteContext, offset: number, limit: number, total: number): string {
  const target = pageTarget(context.request);
  const links: string[] = [];
  if (offset + limit < total) links.push(link(target, 'offset', String(offset + limit), 'next'));
  if (offset > 0) links.push(link(target, 'offset', String(Math.max(0, offset - limit)), 'prev'));
  links.push(link(target, 'offset', '0', 'first'));
  links.push(link(target, 'offset', String(total > 0 ? Math.floor((total - 1) / limit) * limit : 0), 'last'));
  return links.join(', ');
}
