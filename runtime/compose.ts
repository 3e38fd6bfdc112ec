import type { RouteContext } from './context';
import { toResponse } from './response';
import type { Middleware } from './types';

export type Handler = (context: RouteContext) => Promise<Response>;

/**
 * Runs middleware in order around `handler` (onion order). `next()` resolves to the Response of the rest of the
 * chain; a middleware's return value (Response or JSON value) replaces it; returning nothing keeps it.
 */
export function compose(middleware: readonly Middleware[], handler: Handler): Handler {
  if (middleware.length === 0) return handler;
  return (context) => {
    let index = -1;
    const dispatch = async (i: number): Promise<Response> => {
      if (i <= index) throw new Error('next() was called more than once in one middleware. Call it once and return its result.');
      index = i;
      if (i === middleware.length) return handler(context);
      const fn = middleware[i];
      let downstream: Promise<Response> | undefined;
      const result = await fn(context, () => (downstream = dispatch(i + 1)));
      if (result !== undefined) return toResponse(result);
      if (downstream) return downstream;
      throw new Error(
        `Middleware ${fn.name || '(anonymous)'} returned nothing and did not call next(). ` +
          'Return a Response (or a value to send as JSON), or `return next()`.',
      );
    };
    return dispatch(0);
  };
}
