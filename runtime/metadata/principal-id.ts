import type { RouteContext } from '../core/context';
import { authenticatedOf } from './authenticated';

// Apart from ./principal.ts, which importing the library loads: only the chunks of the request log and idempotency
// read it.

/**
 * The id of the request's principal (`<scheme>:<id or sub>`, else the scheme's name), or undefined for an anonymous
 * request: the request log writes it as `principalId`, and idempotency keys are scoped by it, so that one principal's
 * stored answer is never replayed to another.
 */
export function principalIdOf(context: RouteContext): string | undefined {
  const found = authenticatedOf(context);
  return found && (found.key ?? found.scheme.name);
}
