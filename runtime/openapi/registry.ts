import type { ApplicationAuthOptions } from '../metadata/auth-schemes';
import type { ErrorFormatter } from '../errors/http-error';
import type { CsrfOptions } from '../guards/csrf';
import type { ApplicationRateLimitOptions } from '../metadata/limits';
import type { RouteDefinition } from '../routing/route-definitions';
import type { VersioningOptions } from '../routing/versioning';

/** What the OpenAPI generator reads of an application. */
export interface DocumentedApplication {
  readonly basePath: string;
  readonly routes: readonly RouteDefinition[];
  /** How its errors are answered: the error responses are documented in this format. */
  readonly formatError?: ErrorFormatter;
  /** `false` when its CSRF check is off: otherwise its POST routes without a JSON body document the 403. */
  readonly csrf?: false | CsrfOptions;
  /** Its limit on every route: each route documents the 429. */
  readonly rateLimit?: ApplicationRateLimitOptions;
  /** ETags on every GET route: each documents the 304. */
  readonly etag?: boolean;
  /** Its versioning: one document per version, and how a client names the version. */
  readonly versioning?: VersioningOptions;
  /** Its `auth`: the security schemes, and the `default` that `@Public()` routes opt out of. */
  readonly auth?: ApplicationAuthOptions;
}

// One application per basePath: a module that creates its application again (Next's dev reloads, or one route
// bundle per route file in production) replaces the earlier one instead of documenting its routes twice.
const applications = new Map<string, DocumentedApplication>();

export function registerApplication(application: DocumentedApplication): void {
  applications.delete(application.basePath);
  applications.set(application.basePath, application);
}

/** Every application created in this process, in creation order. */
export function registeredApplications(): DocumentedApplication[] {
  return [...applications.values()];
}
