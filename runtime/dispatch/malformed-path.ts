import type { ErrorFormatter } from '../errors/http-error';
import { lazy } from '../core/lazy';
import { cors, type CorsOptions } from '../responses/cors';
import type { Middleware } from '../types';

/** The options of {@link rejectMalformedPath}: the application's error format and CORS options, so that its 400 looks like the application's. */
export interface MalformedPathOptions {
  /** The application's `formatError`, so the 400 has the app's format. Default: the default body. */
  formatError?: ErrorFormatter;
  /**
   * The options of the application's global `cors(...)`, so the 400 carries the same CORS headers (and a preflight to
   * such a path is answered as the application answers one). Default: no CORS headers.
   */
  cors?: CorsOptions;
}

// One middleware per options object: its options are checked once, when first given.
const corsByOptions = new WeakMap<CorsOptions, Middleware>();

// The answer, with the error handler and the path check, is a chunk of its own: importing the library stays small,
// and a proxy whose matcher sends it only malformed paths loads it on the first one.
const answer = lazy(() => import('./malformed-path-answer'));

/**
 * For the app's `src/proxy.ts` (Next.js 16; `middleware.ts` on Next.js 15). Next.js decodes the URL path before any
 * route handler runs and answers a malformed percent-encoding (`/api/posts/%E0%A4%A`) with a plain-text 500 of its own;
 * this answers it with the application's 400 JSON instead, and returns `undefined` (go on) for every other request.
 * It reads the URL only, never the request body, and imports no controllers.
 *
 *   export function proxy(request: Request) {
 *     return rejectMalformedPath(request, { formatError, cors: corsOptions });
 *   }
 *   export const config = { matcher: ['/api/:path(.*%.*)'] };
 */
export async function rejectMalformedPath(request: Request, options: MalformedPathOptions = {}): Promise<Response | undefined> {
  let withCors: Middleware | undefined;
  if (options.cors !== undefined) {
    if (typeof options.cors !== 'object' || options.cors === null) {
      throw new TypeError('rejectMalformedPath({ cors }) takes the options given to cors(...), e.g. { origin: [...] }, not the middleware.');
    }
    withCors = corsByOptions.get(options.cors);
    if (!withCors) corsByOptions.set(options.cors, (withCors = cors(options.cors)));
  }
  return (answer.value ?? (await answer.load())).answerMalformedPath(request, options.formatError, withCors);
}
