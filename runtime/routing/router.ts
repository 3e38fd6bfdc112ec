import type { PatternSegment } from '../core/path';
import type { RouteMethod } from '../types';

/** What a router needs to know of a route. */
export interface RoutableRoute {
  /** Declaration index: among full matches the smallest wins. */
  order: number;
  method: RouteMethod;
  segments: PatternSegment[];
}

export interface RouterMatch<R> {
  kind: 'found';
  route: R;
  params: Record<string, string>;
}

/** `Allow` lists the methods with a route for the path: HEAD wherever GET is, OPTIONS always. */
export type RouterOutcome<R> = RouterMatch<R> | { kind: 'method-not-allowed'; allow: string } | { kind: 'not-found' } | { kind: 'malformed-path' };

/**
 * Routers take routes in declaration order and answer one of four outcomes for a method and path: the first declared
 * route that matches (with its params), method not allowed (with `Allow`), not found, or a malformed path.
 * Percent-encoding is decoded segment by segment; a trailing slash is ignored; `ALL` routes match every method; HEAD
 * falls back to the GET route.
 *
 *   router.add({ order: 0, method: 'GET', segments: parsePattern('/api/posts/:id', ...) })
 *   router.match('GET', '/api/posts/a%20b/')   // → { kind: 'found', route: <that route>, params: { id: 'a b' } }
 *   router.match('POST', '/api/posts/1')       // → { kind: 'method-not-allowed', allow: 'GET, HEAD, OPTIONS' }
 *   router.match('GET', '/api/users')          // → { kind: 'not-found' }
 *   router.match('GET', '/api/posts/%E0%A4%A') // → { kind: 'malformed-path' }
 */
export interface Router<R extends RoutableRoute> {
  readonly name: string;
  add(route: R): void;
  match(method: string, path: string): RouterOutcome<R>;
}
