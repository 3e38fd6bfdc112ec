import type { CacheControlOptions } from '../../metadata/cache-control';
import { onClassOrMethod } from '../legacy';

/**
 * The `Cache-Control` of a GET route's answers (2xx and 304; errors get none): a header value
 * (`'public, max-age=60'`) or its directives as options (`{ public: true, maxAge: 60 }`). On a controller, for each of
 * its GET routes.
 */
export function CacheControl(value: string | CacheControlOptions) {
  // Checked when the application's dispatcher is built (runtime/metadata/cache-control.ts): importing the library stays small.
  return onClassOrMethod('CacheControl', (record) => (record.cacheControl = value));
}

/**
 * A strong ETag of the body on a GET route's 200 answers, and 304 Not Modified for a matching `If-None-Match`; on a
 * controller, on each of its GET routes. `@ETag(false)` turns off what `createApplication({ etag: true })` turns on.
 */
export function ETag(enabled = true) {
  return onClassOrMethod('ETag', (record) => (record.etag = enabled));
}
