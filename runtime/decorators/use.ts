import { classRecord, methodRecord } from './metadata';
import type { Middleware } from '../types';
import { assertLegacyDecorator, memberName } from './legacy';

/** Runs middleware around a controller's routes (on the class) or one route (on a method), in the order given. */
export function Use(...middleware: Middleware[]) {
  for (const fn of middleware) {
    if (typeof fn !== 'function') throw new TypeError(`@Use(...) takes middleware functions, got ${typeof fn}.`);
  }
  return (target: object, propertyKey?: string | symbol, _descriptor?: unknown): void => {
    assertLegacyDecorator('Use', propertyKey);
    // Decorators run bottom-up; prepend so that `@Use(a) @Use(b)` runs a before b, as it reads.
    if (propertyKey === undefined) classRecord(target as Function).middleware.unshift(...middleware);
    else methodRecord(target.constructor, memberName('Use', propertyKey)).middleware.unshift(...middleware);
  };
}

/** The status a route answers with when its handler returns a plain value (default 200). */
export function HttpCode(status: number): MethodDecorator {
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    throw new RangeError(`@HttpCode(status) takes an HTTP status from 200 to 599, got ${status}.`);
  }
  return (target, propertyKey) => {
    assertLegacyDecorator('HttpCode', propertyKey);
    methodRecord(target.constructor, memberName('HttpCode', propertyKey)).httpCode = status;
  };
}
