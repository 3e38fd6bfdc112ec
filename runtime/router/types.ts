import type { PatternSegment } from '../path';
import type { RouteMethod } from '../types';

/** What a router needs to know of a route. */
export interface RoutableRoute {
  /** Declaration index: among full matches the smallest wins. */
  order: number;
  method: RouteMethod;
  segments: PatternSegment[];
}

export interface RouterMatch<R> {
  route: R;
  params: Record<string, string>;
}

/**
 * Routers take routes in declaration order and answer the first declared route that matches, with its params.
 * Percent-encoding is decoded segment by segment; a trailing slash is ignored; `ALL` routes match every method.
 *
 *   router.add({ order: 0, method: 'GET', segments: parsePattern('/api/posts/:id', ...) })
 *   router.match('GET', '/api/posts/a%20b/')  // → { route: <that route>, params: { id: 'a b' } }
 *   router.match('POST', '/api/posts/1')      // → null
 *   router.match('GET', '/api/posts/%E0%A4%A') // throws an HttpError with status 400
 */
export interface Router<R extends RoutableRoute> {
  readonly name: string;
  add(route: R): void;
  match(method: string, path: string): RouterMatch<R> | null;
}
