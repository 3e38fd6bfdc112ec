import type { RouteContext } from '../context';
import type { AuthScheme } from './auth-schemes';

/** Who a request's credential says it is: written by the authentication step (auth/enforce.ts), read by `@Principal`. */
export interface Authenticated {
  scheme: AuthScheme;
  principal: unknown;
  /** The principal's rate-limit key (`sub`, `id`), when it has one. */
  key?: string;
}

// On globalThis under a registered symbol: a dispatcher and a `@Principal` from two copies of the library (an ESM and
// a CJS one, as a CommonJS test that requires the app while chunks are imported gets) read one map.
export const authenticated: WeakMap<RouteContext, Authenticated> = ((globalThis as any)[Symbol.for('next-app-controllers.authenticated')] ??= new WeakMap());

/** `@Principal(scheme?)`'s resolver: the principal, when the request came in through `scheme` (any, without one). */
export function principalOf(context: RouteContext, scheme: AuthScheme | undefined): unknown {
  const found = authenticated.get(context);
  return found && (!scheme || found.scheme === scheme) ? found.principal : undefined;
}
