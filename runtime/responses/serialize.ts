import type { ClassTransformOptions } from 'class-transformer';
import type { Serializer } from './plain-instances';
import { lazy } from '../core/lazy';
import { toResponse } from '../core/response';

/** Turns what a handler returned into a Response. */
export type Responder = (value: unknown, status?: number) => Response | Promise<Response>;

// Loaded on the first response that holds a class instance: importing the library stays small. Without
// class-transformer (its chunk cannot load) no class can carry @Exclude or @Expose, so JSON.stringify is exact.
const AS_IS: Serializer = { instanceToPlain: (value) => value, sentAsIs: () => true };
const serializer = lazy(() => import('./plain-instances').then((module) => module.loadSerializer(), () => AS_IS));

/**
 * The handler's result as a Response: a class instance, or a plain object or array holding one at any depth, goes
 * through class-transformer's `instanceToPlain`; anything else is sent as it is (`toResponse`). With the default
 * options, instances of classes without class-transformer rules skip the copy (./plain-instances.ts): same JSON.
 */
export function serializingResponder(options: ClassTransformOptions | undefined): Responder {
  const send = ({ instanceToPlain, sentAsIs }: Serializer, value: object, status: number | undefined) =>
    toResponse(options === undefined && sentAsIs(value) ? value : instanceToPlain(value, options), status);
  return (value, status) => {
    if (!holdsClassInstance(value)) return toResponse(value, status);
    const instance = value as object;
    return serializer.value ? send(serializer.value, instance, status) : serializer.load().then((loaded) => send(loaded, instance, status));
  };
}

/**
 * Whether `value` is, or holds inside plain objects and arrays, an instance of a class. Values with their own
 * `toJSON` (Date, Decimal, a Luxon DateTime) are left to JSON.stringify, and so is a Response.
 */
export function holdsClassInstance(value: unknown): boolean {
  return isObject(value) && objectHoldsClassInstance(value);
}

// Primitives are most of a response's values: testing them here, not in a call per value, made the walk ~30 % faster.
function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function objectHoldsClassInstance(value: object): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (isObject(item) && objectHoldsClassInstance(item)) return true;
    }
    return false;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    return typeof (value as { toJSON?: unknown }).toJSON !== 'function' && !(value instanceof Response);
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (isObject(item) && objectHoldsClassInstance(item)) return true;
  }
  return false;
}
