import type { DocumentedApplication } from '../registry';
import { allVersions, uriPaths, versionsOf } from '../../routing/versions';
import type { DocumentedOperation, Placement } from './document';
import type { MediaTypeObject, OperationObject, ParameterObject, ResponseObject } from '../types';

// The document of a versioned application, loaded by openapi/index.ts only when one is documented.

/** Every version of the documented applications that have versioning, oldest first. */
export function documentedVersions(applications: readonly DocumentedApplication[]): string[] {
  const versions = new Set(applications.flatMap((application) => (application.versioning ? allVersions(application.routes, application.versioning) : [])));
  return [...versions].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/**
 * Where each route of a versioned application is documented. With `apiVersion`, the routes that answer it (its own
 * and the version-neutral ones), in declaration order. Without, every version's, newest version first: where two
 * versions have a route for one method and path (header and media-type versioning), the newest version's is
 * documented, since an OpenAPI path item holds one operation per method. With URI versioning a route is placed at the
 * path of each version (`/api/v2/posts`; a neutral one at its own path); one placed at several paths gets its
 * operationId suffixed with the version (`PostsController_findOne_v2`).
 */
export function versionedPlacements(application: DocumentedApplication, apiVersion: string | undefined): Placement[] {
  const versioning = application.versioning!;
  const known = allVersions(application.routes, versioning);
  const wanted = apiVersion === undefined ? [...known].reverse() : known.filter((version) => version === apiVersion);
  const served = versioning.type === 'uri' ? uriPaths(application.basePath, versioning) : undefined;
  const placements: (Placement & { version: string })[] = [];
  for (const version of wanted) {
    for (const route of application.routes) {
      const versions = versionsOf(route, versioning);
      if (versions && !versions.includes(version)) continue;
      const path = served?.(route).find((place) => place.version === version)?.path ?? route.path;
      placements.push({ route, path, versions: versions && (apiVersion === undefined ? versions : [version]), version });
    }
  }
  const paths = new Map<unknown, Set<string>>();
  for (const { route, path } of placements) paths.set(route, (paths.get(route) ?? new Set()).add(path));
  return placements.map(({ version, ...placement }) => (paths.get(placement.route)!.size > 1 ? { ...placement, idSuffix: `_v${version}` } : placement));
}

/**
 * How a client asks a versioned operation for its version, written into the operation: with header versioning, a
 * header parameter listing the versions (required unless one of them is the default); with media-type versioning,
 * each success response's media types with the version parameter (`application/json; version=2`), which is also
 * what Swagger UI then sends as `Accept`. URI versioning has it in the path already.
 */
export function withVersionInputs(operations: readonly DocumentedOperation[]): DocumentedOperation[] {
  return operations.map((entry) => {
    const { versions, versioning } = entry;
    if (!versions || !versioning || versioning.type === 'uri') return entry;
    if (versioning.type === 'header') {
      const parameter: ParameterObject = {
        name: versioning.header!,
        in: 'header',
        required: versioning.defaultVersion === undefined || !versions.includes(versioning.defaultVersion),
        description: 'The API version.',
        schema: { type: 'string', enum: [...versions] },
      };
      return { ...entry, operation: { ...entry.operation, parameters: [...(entry.operation.parameters ?? []), parameter] } };
    }
    const key = (versioning.key ?? 'version').replace(/=$/, '');
    const responses: OperationObject['responses'] = {};
    for (const [status, response] of Object.entries(entry.operation.responses)) {
      if (!/^2/.test(status) || '$ref' in response || status === '204') {
        responses[status] = response;
        continue;
      }
      const content: Record<string, MediaTypeObject> = {};
      for (const [mediaType, media] of Object.entries(response.content ?? { 'application/json': { schema: {} } })) {
        for (const version of versions) content[`${mediaType}; ${key}=${version}`] = media;
      }
      responses[status] = { ...(response as ResponseObject), content };
    }
    return { ...entry, operation: { ...entry.operation, responses } };
  });
}
