import type { RouteContext } from '../core/context';
import { toResponse } from '../core/response';
import type { Middleware } from '../types';

/** Answers one request; may throw, or answer synchronously (see invoker.ts). */
export type Handler = (context: RouteContext) => Response | Promise<Response>;
export type Recover = (error: unknown, context: RouteContext) => Response | Promise<Response>;

/**
 * Runs middleware in order around `handler` (onion order). `next()` resolves to the Response of the rest of the
 * chain and never rejects: an error thrown further in becomes its error response there (`recover`), so middleware
 * that sets headers also applies to error answers. A middleware's return value (Response or JSON value) replaces
 * the response; returning nothing after `next()` keeps it. Without middleware the handler itself is returned: its
 * caller recovers its errors.
 */
export function compose(middleware: readonly Middleware[], handler: Handler, recover: Recover): Handler {
  if (middleware.length === 0) return handler;
  return (context) => {
    let index = -1;
    const dispatch = async (i: number): Promise<Response> => {
      try {
        if (i <= index) throw new Error('next() was called more than once in one middleware. Call it once and return its result.');
        index = i;
        if (i === middleware.length) return await handler(context);
        const fn = middleware[i];
        let downstream: Promise<Response> | undefined;
        const result = await fn(context, () => (downstream = dispatch(i + 1)));
        if (result !== undefined) return toResponse(result);
        if (downstream) return await downstream;
        throw new Error(
          `Middleware ${fn.name || '(anonymous)'} returned nothing and did not call next(). ` +
            'Return a Response (or a value to send as JSON), or `return next()`.',
        );
      } catch (error) {
        return recover(error, context);
      }
    };
    return dispatch(0);
  };
}
