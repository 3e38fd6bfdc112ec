import { splitRequestPath } from '../core/request-path';
import { MALFORMED_PATH, matchOf, methodBits, methodMatches, missOf } from './params';
import type { RoutableRoute, Router, RouterOutcome } from './router';

/** The reference router: a scan of every route in declaration order. Obviously right, and slow on purpose. */
export class LinearRouter<R extends RoutableRoute> implements Router<R> {
  readonly name = 'LinearRouter';
  private readonly routes: R[] = [];

  add(route: R): void {
    this.routes.push(route);
    this.routes.sort((a, b) => a.order - b.order);
  }

  match(method: string, path: string): RouterOutcome<R> {
    const segments = splitRequestPath(path);
    if (segments === null) return MALFORMED_PATH;
    const found = this.first(method, segments) ?? (method === 'HEAD' ? this.first('GET', segments) : undefined);
    if (found) return matchOf(found, segments);
    let mask = 0;
    for (const route of this.routes) if (patternMatches(route, segments)) mask |= methodBits(route.method);
    return missOf(mask);
  }

  private first(method: string, segments: readonly string[]): R | undefined {
    return this.routes.find((route) => methodMatches(route.method, method) && patternMatches(route, segments));
  }
}

function patternMatches(route: RoutableRoute, segments: readonly string[]): boolean {
  if (route.segments.length !== segments.length) return false;
  return route.segments.every((part, i) => (part.kind === 'param' ? segments[i] !== '' : part.value === segments[i]));
}
