import { rejectMalformedPath } from 'next-app-controllers/proxy';
import { corsOptions } from './lib/cors-options';
import { conduitErrors } from './lib/error-format';

// The application's error format and CORS options, for the 400 of a malformed path.
export function proxy(request: Request) {
  return rejectMalformedPath(request, { formatError: conduitErrors, cors: corsOptions });
}

// Only API paths holding a `%` run through here: the others cannot be malformed.
export const config = {
  matcher: ['/api/:path(.*%.*)'],
};
