import { compose, type Handler, type Recover } from '../routing/compose';
import type { RouteContext } from '../core/context';
import { isCorsMiddleware } from './cors';
import { empty } from '../core/response';
import type { Middleware } from '../types';

/**
 * The automatic answer to an OPTIONS request on a path without an `@Options` route: 204 with `Allow`. A CORS
 * preflight asks about one method (`Access-Control-Request-Method`); the `@Use(cors())` middleware of the route that
 * answers that method runs around the 204, so a controller's own CORS settings answer its preflights. Its other
 * middleware does not run: a preflight carries no credentials, and an auth check would refuse it.
 */
export function answerOptions(
  context: RouteContext,
  allow: string,
  routeMiddleware: (method: string) => readonly Middleware[] | undefined,
  recover: Recover,
): Promise<Response> | Response {
  const headers = { allow };
  const requested = context.request.headers.get('access-control-request-method');
  const middleware = requested === null ? undefined : routeMiddleware(requested.toUpperCase())?.filter(isCorsMiddleware);
  if (!middleware?.length) return empty(204, headers);
  const answer: Handler = async () => empty(204, headers);
  return compose(middleware, answer, recover)(context);
}
