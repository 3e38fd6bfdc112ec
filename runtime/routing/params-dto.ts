import { schemaKeys } from '../schema/schema-keys';
import type { RouteDefinition } from './route-definitions';

/** The part of class-validator's metadata storage the check reads. */
interface PropertyStorage {
  getTargetValidationMetadatas(target: Function, targetSchema: string, always: boolean, strictGroups: boolean): { propertyName: string }[];
}

/**
 * Throws when a `@Params` DTO declares a property (or a `@Params` schema a key) that no `:segment` of its route fills
 * (a typo: `slugg` on `/:slug`): every request would be refused for it, and OpenAPI has no path parameter outside the
 * path. A DTO's properties are the ones class-validator has rules for (without its storage, no DTO uses
 * class-validator: there are none to check); a schema's keys are read as `schemaKeys` reads them.
 */
export function assertParamsDtosMatchRoutes(routes: readonly RouteDefinition[], storage: PropertyStorage | undefined): void {
  for (const { params, segments, controller, propertyKey, method, path } of routes) {
    if (!params) continue;
    const names = segments.flatMap((segment) => (segment.kind === 'param' ? [segment.name] : []));
    const declared = params.schema ? schemaKeys(params.schema) : storage?.getTargetValidationMetadatas(params.dto, '', true, false).map((meta) => meta.propertyName);
    for (const propertyName of declared ?? []) {
      if (names.includes(propertyName)) continue;
      throw new TypeError(
        `createApplication: ${controller.name}.${propertyKey}: @Params(${params.dto?.name ?? 'schema'}) declares ${propertyName}, but the route ` +
          `${method} ${path} has no :${propertyName} segment.`,
      );
    }
  }
}
