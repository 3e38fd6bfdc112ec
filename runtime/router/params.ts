import { clientError } from '../http-error';
import { splitRequestPath } from '../path';
import type { RoutableRoute, RouterMatch } from './types';

/** The request's path segments; a malformed percent-encoding throws a 400 HttpError. */
export function requestSegments(path: string): string[] {
  const segments = splitRequestPath(path);
  if (segments === null) throw clientError(400, `Malformed percent-encoding in path ${path}`);
  return segments;
}

/** Reads a matched route's params out of the request segments. */
export function matchOf<R extends RoutableRoute>(route: R, segments: readonly string[]): RouterMatch<R> {
  const params: Record<string, string> = {};
  const pattern = route.segments;
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i];
    if (part.kind === 'param') params[part.name] = segments[i];
  }
  return { route, params };
}

export function methodMatches(routeMethod: string, method: string): boolean {
  return routeMethod === method || routeMethod === 'ALL';
}
