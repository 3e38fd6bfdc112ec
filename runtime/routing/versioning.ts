import type { DeprecatedOptions, VersionValue } from '../types';

// What createApplication checks of versioning and deprecation, in the entry: only what must throw there, in few
// bytes. The rest (each route's versions, the paths it is served at) is in versions.ts, which only lazily loaded
// chunks import.

/**
 * `createApplication({ versioning })`: where a request names the API version it wants.
 * - `'uri'`: a path segment after the basePath, `prefix` then the version (`/api/v2/posts`);
 * - `'header'`: the request header `header` (`X-API-Version: 2`);
 * - `'media-type'`: the `key` parameter of `Accept` (`Accept: application/json; version=2`).
 */
export interface VersioningOptions {
  type: 'uri' | 'header' | 'media-type';
  /** `'uri'`: what comes before the version in its segment. Default `v` (`/api/v2/posts`); `''` gives `/api/2/posts`. */
  prefix?: string;
  /** `'header'`: the header that names the version, e.g. `X-API-Version`. Required for that type. */
  header?: string;
  /** `'media-type'`: the `Accept` parameter that names the version. Default `version`. */
  key?: string;
  /**
   * The version of a request that names none, and of every route without `@Version` (NestJS's meaning). Without it,
   * such a request reaches only version-neutral routes, and a route without `@Version` answers every version.
   */
  defaultVersion?: string;
}

const refuse = (message: string, value: unknown): never => {
  throw new TypeError(`${message}, got ${JSON.stringify(value)}.`);
};

/** Checks `createApplication({ versioning })`: its type, and a header type's header name. */
export function checkVersioning(options: VersioningOptions): VersioningOptions {
  const { type, header } = options ?? {};
  if (!['uri', 'header', 'media-type'].includes(type)) refuse("createApplication: versioning.type must be 'uri', 'header' or 'media-type'", type);
  if (type === 'header' && !/^[\w!#$%&'*+.^`|~-]+$/.test(header ?? '')) refuse("createApplication: versioning { type: 'header' } needs the header's name, e.g. header: 'X-API-Version'", header);
  return options;
}

/** Checks a route's `@Version` (only with versioning) and its `@Deprecated` dates. Throws naming the route. */
export function checkRoute(version: VersionValue | undefined, deprecated: DeprecatedOptions | undefined, versioning: VersioningOptions | undefined, where: string): void {
  if (version !== undefined && !versioning) refuse(`${where} has @Version but no versioning: pass createApplication({ versioning: { type: 'uri' } }) (or 'header', 'media-type')`, version);
  for (const date of [deprecated?.since, deprecated?.sunset]) {
    if (Number.isNaN(new Date(date ?? 0).getTime())) refuse(`${where}: @Deprecated takes dates as a Date or a string such as '2027-06-30'`, date);
  }
}
