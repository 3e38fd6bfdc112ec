import type { RouteContext } from '../core/context';
import type { InputProperty } from '../validation/input-conversion';

// Keys that would reach the DTO instance's prototype chain when class-transformer copies them (see runtime/inputs/body.ts).
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Name–value pairs as a query string or a form holds them. */
interface NamedValues<T> {
  keys(): Iterable<string>;
  getAll(name: string): T[];
}

/** Name–value pairs as a plain object: one name, one value; a repeated name, an array of its values. */
export function namedValuesInput<T>(source: NamedValues<T>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const key of new Set(source.keys())) {
    if (PROTOTYPE_KEYS.has(key)) continue;
    const values = source.getAll(key);
    plain[key] = values.length === 1 ? values[0] : values;
  }
  return plain;
}

/** The query string as a plain object: one key, one string; a repeated key, an array of its strings. */
export function queryInput(context: RouteContext): Record<string, unknown> {
  return namedValuesInput(context.query);
}

/**
 * The route's `:name` segments the DTO declares. The others are left out: a client cannot choose the route's
 * parameter names, so `forbidNonWhitelisted` must not refuse them.
 */
export function pathInput(context: RouteContext, properties: readonly InputProperty[]): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const { property } of properties) if (Object.hasOwn(context.params, property)) plain[property] = context.params[property];
  return plain;
}

/**
 * The headers the DTO declares, by name, case-insensitively. Only those: every request carries headers the DTO never
 * names. A repeated header (or a comma-separated list) gives an array property its items.
 */
export function headerInput(context: RouteContext, properties: readonly InputProperty[]): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const { property, array } of properties) {
    const value = context.request.headers.get(property);
    if (value !== null) plain[property] = array ? value.split(/\s*,\s*/) : value;
  }
  return plain;
}
