import type { ErrorResponder } from '../errors/error-handler';

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
}

// Next's navigation errors carry a `digest`: `NEXT_REDIRECT;replace;/path;307;`, `NEXT_HTTP_ERROR_FALLBACK;404` (and
// Next 14's `NEXT_NOT_FOUND`).
const NAVIGATION = /^NEXT_(?:REDIRECT|HTTP_ERROR_FALLBACK|NOT_FOUND)(?:;|$)/;

/** Whether `error` is one of Next's navigation errors (`redirect()`, `notFound()`, `forbidden()`, `unauthorized()`). */
export function isNavigation(error: unknown): boolean {
  const digest = typeof error === 'object' && error !== null ? (error as { digest?: unknown }).digest : undefined;
  return typeof digest === 'string' && NAVIGATION.test(digest);
}

/**
 * The application's error handler, first handing a Server Action's request its error: a navigation error goes to the
 * slot and is answered with the navigation's status (a redirect's Location), never formatted, reported or logged as a
 * 5xx; any other error is also kept in the slot, and answered as always. A request of no action costs a property read.
 */
export function forActions(fail: ErrorResponder): ErrorResponder {
  return (error, context) => {
    const slot = (context.request as Request & { [ACTION_SLOT]?: ActionSlot })[ACTION_SLOT];
    if (slot === undefined) return fail(error, context);
    if (!isNavigation(error)) {
      slot.error = error;
      return fail(error, context);
    }
    slot.navigation = error;
    const parts = (error as { digest: string }).digest.split(';');
    // The log line says what the navigation was: a redirect's status and Location, or the fallback's 401, 403 or 404.
    if (parts[0] === 'NEXT_REDIRECT') return new Response(null, { status: Number(parts[3]) || 303, headers: parts[2] ? { location: parts[2] } : undefined });
    return new Response(null, { status: Number(parts[1]) || 404 });
  };
}
