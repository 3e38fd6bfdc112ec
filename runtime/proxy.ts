// The `next-app-controllers/proxy` entry: what an app's `src/proxy.ts` (`middleware.ts` on Next.js 15, which runs on the
// Edge runtime) needs, without the decorators, the router or reflect-metadata (whose `Function('return this')` fails
// a Next.js 15 middleware build) and without any controller.
export { rejectMalformedPath } from './dispatch/malformed-path';
export type { MalformedPathOptions } from './dispatch/malformed-path';
export type { CorsOptions } from './responses/cors';
export { problemDetails } from './errors/problem-details';
export { HttpError } from './errors/http-error';
export type { ErrorFormatter, FieldError, FieldLocation, HttpErrorOptions } from './errors/http-error';
export { RouteContext } from './core/context';
// Comparing API keys in constant time (Edge-safe), for a scheme's verify: here, not in the main entry, whose size is spent.
export { timingSafeEqual } from './auth/timing-safe-equal';
