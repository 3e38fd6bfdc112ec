import { rejectMalformedPath } from 'next-app-controllers/proxy';
import { corsOptions } from './lib/cors-options';
import { formatError } from './lib/error-format';

/**
 * Optional. Next.js decodes the URL path before any route handler runs and answers a malformed percent-encoding
 * (`/api/posts/%E0%A4%A`) with a plain-text 500 of its own, so the application's 400 can never be reached. This proxy
 * runs first and answers those requests with the application's 400 (in its error format, with its CORS headers); the
 * others pass through.
 */
export function proxy(request: Request) {
  return rejectMalformedPath(request, { formatError, cors: corsOptions });
}

// Only paths holding a `%` reach the proxy: the others cannot be malformed, and a proxy buffers the request body of
// every request it runs for (see `experimental.proxyClientMaxBodySize`).
export const config = {
  matcher: ['/api/:path(.*%.*)', '/api-docs/:path(.*%.*)'],
};
