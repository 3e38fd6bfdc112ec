import type { RouteContext } from '../core/context';
import type { AuthScheme } from './auth-schemes';

/** Who a request's credential says it is: written by the authentication step (auth/enforce.ts), read by `@Principal`. */
export interface Authenticated {
  scheme: AuthScheme;
  principal: unknown;
  /** The principal's rate-limit key (`sub`, `id`), when it has one. */
  key?: string;
}

// On the context itself, under a registered symbol: a dispatcher and a `@Principal` from two copies of the library (an
// ESM and a CJS one, as a CommonJS test that requires the app while chunks are imported gets) read one slot. Only
// `principalOf` is here, as importing the library loads it; ./authenticated.ts writes and reads the slot for the chunks.
export const AUTHENTICATED = Symbol.for('next-app-controllers.auth');

/** `@Principal(scheme?)`'s resolver: the principal, when the request came in through `scheme` (any, without one). */
export function principalOf(context: RouteContext, scheme: AuthScheme | undefined): unknown {
  const found = (context as { [AUTHENTICATED]?: Authenticated })[AUTHENTICATED];
  if (found && (!scheme || found.scheme === scheme)) return found.principal;
}
