import type { RouteContext } from '../context';

/**
 * The URL a request was sent to, as the client sees it: behind a proxy, with the host of `X-Forwarded-Host` and the
 * scheme of `X-Forwarded-Proto` (each the first of a list).
 */
export function publicUrl(request: Request): URL {
  const url = new URL(request.url);
  const host = firstOf(request.headers.get('x-forwarded-host'));
  if (host) url.host = host;
  const proto = firstOf(request.headers.get('x-forwarded-proto'))?.toLowerCase();
  if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
  return url;
}

function firstOf(value: string | null): string | undefined {
  return value?.split(',', 1)[0].trim() || undefined;
}

/** One RFC 8288 link: the request's URL with `param` set to `value` (its other query parameters kept). */
function link(url: URL, param: string, value: string, rel: string): string {
  const target = new URL(url);
  target.searchParams.set(param, value);
  return `<${target.href}>; rel="${rel}"`;
}

/** `Link` of a cursor page: `next` unless it is the last (`nextCursor` null). */
export function cursorLinks(context: RouteContext, nextCursor: string | null): string | undefined {
  return nextCursor === null ? undefined : link(publicUrl(context.request), 'cursor', nextCursor, 'next');
}

/**
 * `Link` of an offset page: `next` unless it holds the last item, `prev` unless it is the first, `first`, and `last`
 * (the page holding the last item, at a multiple of `limit`).
 */
export function offsetLinks(context: RouteContext, offset: number, limit: number, total: number): string {
  const url = publicUrl(context.request);
  const links: string[] = [];
  if (offset + limit < total) links.push(link(url, 'offset', String(offset + limit), 'next'));
  if (offset > 0) links.push(link(url, 'offset', String(Math.max(0, offset - limit)), 'prev'));
  links.push(link(url, 'offset', '0', 'first'));
  links.push(link(url, 'offset', String(total > 0 ? Math.floor((total - 1) / limit) * limit : 0), 'last'));
  return links.join(', ');
}
