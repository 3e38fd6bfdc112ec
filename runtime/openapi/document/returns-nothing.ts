import type { RouteDefinition } from '../../routing/route-definitions';

/** The design types that say a method returns a value (a class, `String`, `Object`…): not `undefined` or `Promise`. */
function declaresAValue(returnType: unknown): boolean {
  return typeof returnType === 'function' && returnType !== Promise;
}

// A `return` with something after it other than `;`, `}` or the end: a statement that may give back a value.
const RETURNS_A_VALUE = /\breturn\b(?!\s*(?:;|\}|$))/;

/**
 * Whether the route's handler always returns nothing, so that the runtime answers 204 without a body. Decorator
 * metadata cannot say it alone: `design:returntype` is `undefined` for `(): void` and for a method without an
 * annotation alike, and `Promise` for every async method. So a route is taken as returning nothing when its design
 * type is not a value's and its source holds no `return` with a value after it (a nested function's `return value`,
 * or the word in a string, counts too: such a route is documented as 200, the safe side). An `@Sse` or `@Produces`
 * route always sends a body.
 */
export function returnsNothing(route: RouteDefinition): boolean {
  if (route.sse || route.produces !== undefined) return false;
  const handler: unknown = (route.controller.prototype as Record<string, unknown>)[route.propertyKey];
  if (typeof handler !== 'function') return false;
  if (declaresAValue(Reflect.getMetadata?.('design:returntype', route.controller.prototype, route.propertyKey))) return false;
  let source: string;
  try {
    source = Function.prototype.toString.call(handler);
  } catch {
    return false;
  }
  // A native or bound function shows no body to read.
  if (source.includes('[native code]')) return false;
  return !RETURNS_A_VALUE.test(source);
}
