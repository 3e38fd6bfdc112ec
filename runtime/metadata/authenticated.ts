import type { RouteContext } from '../core/context';
import { AUTHENTICATED, type Authenticated } from './principal';

type Carrier = { [AUTHENTICATED]?: Authenticated };

/** The request's `Authenticated`, once the authentication step let it in. */
export const authenticatedOf = (context: RouteContext): Authenticated | undefined => (context as Carrier)[AUTHENTICATED];

/** Records who let the request in (the authentication step). */
export function authenticate(context: RouteContext, found: Authenticated): void {
  (context as Carrier)[AUTHENTICATED] = found;
}
