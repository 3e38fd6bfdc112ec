import type { ErrorFormatter } from '../errors/http-error';
import type { RouteDefinition } from './route-definitions';
import type { VersioningOptions } from './versioning';

/** What the OpenAPI generator reads of an application. */
export interface DocumentedApplication {
  readonly basePath: string;
  readonly routes: readonly RouteDefinition[];
  /** How its errors are answered: the error responses are documented in this format. */
  readonly formatError?: ErrorFormatter;
  /** Its versioning: one document per version, and how a client names the version. */
  readonly versioning?: VersioningOptions;
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
