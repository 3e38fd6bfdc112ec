import type { Class } from '../types';

const NOT_JSON = Symbol('not JSON');

/**
 * What class-transformer's `plainToInstance(type, plain)` makes of JSON data for a class without its rules
 * (rule-free.ts), without its generic walk: a new instance, each own key of `plain` set on it, nested objects and
 * arrays copied as plain ones. `undefined` where class-transformer would do something else, for the caller to call it:
 * a key the class's prototype chain or Object.prototype already holds (it skips those), a field initialised to a
 * function (skipped too), an array with holes, or a value JSON cannot hold (a File, a Date, a class instance).
 */
export function copyIntoDto(type: Class, plain: Record<string, unknown>): object | undefined {
  const instance = new type() as Record<string, unknown>;
  const prototype = type.prototype as object;
  for (const key of Object.keys(plain)) {
    if (key in prototype || typeof instance[key] === 'function') return undefined;
    const value = copyJson(plain[key]);
    if (value === NOT_JSON) return undefined;
    instance[key] = value;
  }
  return instance;
}

function copyJson(value: unknown): unknown {
  if (typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? NOT_JSON : value;
  if (value === null) return null;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return NOT_JSON;
      const item = copyJson(value[i]);
      if (item === NOT_JSON) return NOT_JSON;
      copy.push(item);
    }
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return NOT_JSON;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key in Object.prototype) return NOT_JSON;
    const item = copyJson((value as Record<string, unknown>)[key]);
    if (item === NOT_JSON) return NOT_JSON;
    copy[key] = item;
  }
  return copy;
}
