import { RouteContext } from '../context';
import { createErrorHandler } from './error-handler';
import { malformedPathError, type ErrorFormatter } from './http-error';
import { pathnameOf, splitRequestPath } from '../routing/path';

export interface MalformedPathOptions {
  /** The application's `formatError`, so the 400 has the app's format. Default: the default body. */
  formatError?: ErrorFormatter;
}

/**
 * For the app's `src/proxy.ts` (Next.js 16; `middleware.ts` on Next.js 15). Next.js decodes the URL path before any
 * route handler runs and answers a malformed percent-encoding (`/api/posts/%E0%A4%A`) with a plain-text 500 of its own;
 * this answers it with the application's 400 JSON instead, and returns `undefined` (go on) for every other request.
 * It reads the URL only, never the request body, and imports no controllers.
 *
 *   export function proxy(request: Request) {
 *     return rejectMalformedPath(request);
 *   }
 *   export const config = { matcher: ['/api/:path(.*%.*)'] };
 */
export async function rejectMalformedPath(request: Request, options: MalformedPathOptions = {}): Promise<Response | undefined> {
  const path = pathnameOf(request.url);
  if (splitRequestPath(path) !== null) return undefined;
  const fail = createErrorHandler({ formatError: options.formatError });
  return fail(malformedPathError(path), new RouteContext(request, {}));
}
