import type { Middleware } from '../../types';
import { onClassOrMethod, onMethod } from '../legacy';

/** Runs middleware around a controller's routes (on the class) or one route (on a method), in the order given. */
export function Use(...middleware: Middleware[]) {
  for (const fn of middleware) {
    if (typeof fn !== 'function') throw new TypeError(`@Use(...) takes middleware functions, got ${typeof fn}.`);
  }
  // Decorators run bottom-up; prepend so that `@Use(a) @Use(b)` runs a before b, as it reads.
  return onClassOrMethod('Use', (record) => record.middleware.unshift(...middleware));
}

/** The status a route answers with when its handler returns a plain value (default 200). */
export function HttpCode(status: number): MethodDecorator {
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    throw new RangeError(`@HttpCode(status) takes an HTTP status from 200 to 599, got ${status}.`);
  }
  return onMethod('HttpCode', (record) => (record.httpCode = status));
}
