import type { RateLimitOptions } from '../../metadata/limits';
import { onClassOrMethod } from '../legacy';

/**
 * At most `limit` requests per `window` milliseconds from one client: on a controller, its routes' requests counted
 * together; on a method, that route's. Over it: 429 through the app's error format, with `Retry-After`. The options
 * are checked when the application's dispatcher is built (runtime/guards/rate-limit.ts): importing the library stays
 * small.
 */
export function RateLimit(options: RateLimitOptions) {
  return onClassOrMethod('RateLimit', (record) => (record.rateLimit = options));
}
