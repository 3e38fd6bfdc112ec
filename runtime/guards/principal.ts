import type { RouteContext } from '../context';

/**
 * THE PRINCIPAL SEAM (for auth, issue-41): the id of the request's authenticated principal, or undefined when the
 * request is anonymous. The request log writes it as `principalId`; idempotency keys are scoped by it, so that one
 * principal's stored answer is never replayed to another. Auth replaces this body with a read of what it puts on the
 * context; until then every request is anonymous.
 */
export function principalIdOf(context: RouteContext): string | undefined {
  void context;
  return undefined;
}
