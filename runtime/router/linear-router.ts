import { matchOf, methodMatches, requestSegments } from './params';
import type { RoutableRoute, Router, RouterMatch } from './types';

/** The reference router: a scan of every route in declaration order. Obviously right, and slow on purpose. */
export class LinearRouter<R extends RoutableRoute> implements Router<R> {
  readonly name = 'LinearRouter';
  private readonly routes: R[] = [];

  add(route: R): void {
    this.routes.push(route);
    this.routes.sort((a, b) => a.order - b.order);
  }

  match(method: string, path: string): RouterMatch<R> | null {
    const segments = requestSegments(path);
    for (const route of this.routes) {
      if (methodMatches(route.method, method) && patternMatches(route, segments)) return matchOf(route, segments);
    }
    return null;
  }
}

function patternMatches(route: RoutableRoute, segments: readonly string[]): boolean {
  if (route.segments.length !== segments.length) return false;
  return route.segments.every((part, i) => (part.kind === 'param' ? segments[i] !== '' : part.value === segments[i]));
}
