import { HTTP_METHODS } from '../types';
import type { RoutableRoute, RouterMatch, RouterOutcome } from './router';

export const NOT_FOUND: RouterOutcome<never> = Object.freeze({ kind: 'not-found' });
export const MALFORMED_PATH: RouterOutcome<never> = Object.freeze({ kind: 'malformed-path' });

/** Reads a matched route's params out of the request segments. */
export function matchOf<R extends RoutableRoute>(route: R, segments: readonly string[]): RouterMatch<R> {
  const params: Record<string, string> = {};
  const pattern = route.segments;
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i];
    if (part.kind === 'param') params[part.name] = segments[i];
  }
  return { kind: 'found', route, params };
}

export function methodMatches(routeMethod: string, method: string): boolean {
  return routeMethod === method || routeMethod === 'ALL';
}

/** A route method as a bit of a method mask: one bit per HTTP method, every bit for `ALL`. */
export function methodBits(routeMethod: string): number {
  if (routeMethod === 'ALL') return (1 << HTTP_METHODS.length) - 1;
  return 1 << HTTP_METHODS.indexOf(routeMethod as (typeof HTTP_METHODS)[number]);
}

/** The `Allow` value of every method mask, computed once: HEAD wherever GET is, OPTIONS always. */
export const ALLOW_BY_MASK: readonly string[] = Array.from({ length: 1 << HTTP_METHODS.length }, (_, mask) => {
  const allowed = new Set(HTTP_METHODS.filter((_, bit) => mask & (1 << bit)));
  if (allowed.has('GET')) allowed.add('HEAD');
  allowed.add('OPTIONS');
  return HTTP_METHODS.filter((method) => allowed.has(method)).join(', ');
});

/** The outcome of a path that no route of the request's method matched, given the mask of methods that do match it. */
export function missOf(mask: number): RouterOutcome<never> {
  return mask === 0 ? NOT_FOUND : { kind: 'method-not-allowed', allow: ALLOW_BY_MASK[mask] };
}
