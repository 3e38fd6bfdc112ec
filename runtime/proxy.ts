// The `next-app-controllers/proxy` entry: what an app's `src/proxy.ts` (`middleware.ts` on Next.js 15, which runs on the
// Edge runtime) needs, without the decorators, the router or reflect-metadata (whose `Function('return this')` fails
// a Next.js 15 middleware build) and without any controller.
export { rejectMalformedPath } from './malformed-path';
export type { MalformedPathOptions } from './malformed-path';
export { problemDetails } from './problem-details';
export { HttpError } from './http-error';
export type { ErrorFormatter, FieldError, FieldLocation, HttpErrorOptions } from './http-error';
export { RouteContext } from './context';
