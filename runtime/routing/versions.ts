import { VERSION_NEUTRAL } from '../types';
import type { PatternSegment } from '../core/path';
import type { RouteDefinition } from './route-definitions';
import type { VersioningOptions } from './versioning';

// What the versioned dispatcher and the OpenAPI generator share about versions; only those lazily loaded chunks
// import this module, so an application without versioning never loads it.

/**
 * The versions a route answers: its `@Version`, else the `defaultVersion`; `undefined` for every version
 * (`VERSION_NEUTRAL`, or neither).
 */
export function versionsOf({ version }: Pick<RouteDefinition, 'version'>, versioning: VersioningOptions): readonly string[] | undefined {
  if (version === VERSION_NEUTRAL) return undefined;
  if (version === undefined) return versioning.defaultVersion === undefined ? undefined : [versioning.defaultVersion];
  return typeof version === 'string' ? [version] : [...new Set(version)];
}

/** Every version the routes and `defaultVersion` name, oldest first: numbers compare as numbers (`'2'` before `'10'`). */
export function allVersions(routes: readonly Pick<RouteDefinition, 'version'>[], versioning: VersioningOptions): string[] {
  const versions = new Set(routes.flatMap((route) => versionsOf(route, versioning) ?? []));
  if (versioning.defaultVersion !== undefined) versions.add(versioning.defaultVersion);
  return [...versions].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** A path a route is served at: its segments and the path written out (`/api/v2/posts/:id`). */
export interface ServedPath {
  segments: PatternSegment[];
  path: string;
  /** The version the path names; `undefined` for the path without a version segment. */
  version?: string;
}

/**
 * With URI versioning, the paths a route is served at: one per version, the version's segment (`prefix` + version)
 * right after the basePath; a version-neutral route at its own path; and with a `defaultVersion`, a route of that
 * version at its own path too, for requests that name no version.
 */
export function uriPaths(basePath: string, versioning: VersioningOptions): (definition: RouteDefinition) => ServedPath[] {
  const base = basePath === '/' ? '' : basePath;
  const depth = base === '' ? 0 : base.split('/').length - 1;
  const prefix = versioning.prefix ?? 'v';
  return (definition) => {
    const { segments, path } = definition;
    const versions = versionsOf(definition, versioning);
    if (!versions) return [{ segments, path }];
    const served: ServedPath[] = versions.map((version) => {
      const value = `${prefix}${version}`;
      return {
        segments: [...segments.slice(0, depth), { kind: 'static', value }, ...segments.slice(depth)],
        path: `${base}/${value}${path === '/' ? '' : path.slice(base.length)}`,
        version,
      };
    });
    return versioning.defaultVersion !== undefined && versions.includes(versioning.defaultVersion) ? [...served, { segments, path }] : served;
  };
}
