import type { ErrorResponder } from '../errors/error-handler';
import { clientError } from '../errors/client-error';
import { reasonPhrase } from '../errors/http-error';

/**
 * Where a Server Action's request (`next-app-controllers/actions`) carries its slot: a registered symbol, so that the
 * actions entry sets it without importing this chunk (and an application of another copy of the library reads it).
 */
export const ACTION_SLOT: unique symbol = Symbol.for('next-app-controllers.action') as never;

/** What the dispatcher hands a Server Action besides the Response: the raw error, and Next's navigation to rethrow. */
export interface ActionSlot {
  /** The error the request was answered for (an HttpError, or what a handler threw). */
  error?: unknown;
  /** A `redirect()`, `notFound()`, `forbidden()` or `unauthorized()` of Next's: thrown on by the action, untouched. */
  navigation?: unknown;
  /** The request's id, set with `error` (an application with `requestId: false` sends no header to read it from). */
  requestId?: string;
}

// Next's navigation errors carry a `digest`: `NEXT_REDIRECT;replace;/path;307;`, `NEXT_HTTP_ERROR_FALLBACK;404` (and
// Next 14's `NEXT_NOT_FOUND`).
const NAVIGATION = /^NEXT_(?:REDIRECT|HTTP_ERROR_FALLBACK|NOT_FOUND)(?:;|$)/;

/** The `digest` of one of Next's navigation errors (`redirect()`, `notFound()`, `forbidden()`, `unauthorized()`), else undefined. */
export function navigationDigest(error: unknown): string | undefined {
  const digest = typeof error === 'object' && error !== null ? (error as { digest?: unknown }).digest : undefined;
  return typeof digest === 'string' && NAVIGATION.test(digest) ? digest : undefined;
}

/**
 * The application's error handler, first handing Next's navigation errors and a Server Action's errors their answer.
 * A navigation error is never reported or logged as a 5xx: a redirect is answered with its status and `Location` (as
 * Next's own route handlers answer it), a `notFound()`, `forbidden()` or `unauthorized()` as that status's error; for a
 * Server Action's request it also goes to the slot, which the action throws on to Next. Any other error of an action's
 * request is kept in its slot (the action reads its message and field errors) and answered as always. Another error
 * costs a property read.
 */
export function forActions(fail: ErrorResponder): ErrorResponder {
  return (error, context) => {
    const slot = (context.request as Request & { [ACTION_SLOT]?: ActionSlot })[ACTION_SLOT];
    const digest = navigationDigest(error);
    if (digest === undefined) {
      if (slot !== undefined) {
        slot.error = error;
        slot.requestId = context.requestId;
      }
      return fail(error, context);
    }
    if (slot !== undefined) slot.navigation = error;
    const parts = digest.split(';');
    if (parts[0] === 'NEXT_REDIRECT') return new Response(null, { status: Number(parts[3]) || 307, headers: parts[2] ? { location: parts[2] } : undefined });
    const status = Number(parts[1]) || 404;
    return fail(clientError(status, reasonPhrase(status)), context);
  };
}
