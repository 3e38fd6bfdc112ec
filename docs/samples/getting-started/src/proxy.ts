import { rejectMalformedPath } from 'next-app-controllers/proxy';

/**
 * Next.js answers a URL with malformed percent-encoding (`/api/posts/%E0%A4%A`) with a plain-text 500 before any
 * route handler runs. This answers it with the API's 400 JSON instead (pass `{ formatError }` for your app's error
 * format, `{ cors }` with the options of your app's `cors(...)`); every other request goes on untouched. It reads the
 * URL only, never the request body.
 */
export function proxy(request: Request) {
  return rejectMalformedPath(request);
}

// Only API paths holding a `%` run through here: the others cannot be malformed.
export const config = {
  matcher: ['/api/:path(.*%.*)'],
};
