import { isDeepStrictEqual } from 'node:util';
import { OPENAPI_METHODS, type OpenApiDocument, type SchemaObject } from './openapi-document';

/**
 * What changed from the committed document to the one the sources give, one line each, in the words a reviewer
 * looks for: the OpenAPI version, operations added/removed/changed, schemas added/removed, properties
 * added/removed/changed. Anything else that differs (info, servers, tags, security schemes) is listed by its JSON path.
 * Empty when they are equal.
 */
export function describeChanges(before: OpenApiDocument, after: OpenApiDocument): string[] {
  const changes: string[] = [];
  // 3.1 or 3.2 (`generateOpenApiDocument({ openapi })`): the rest compares the same way in both.
  if (before.openapi !== after.openapi) changes.push(`OpenAPI version changed: ${String(before.openapi)} → ${String(after.openapi)}`);
  const operationsBefore = operations(before);
  const operationsAfter = operations(after);
  for (const [key, operation] of operationsAfter) {
    if (!operationsBefore.has(key)) changes.push(`operation added: ${key}`);
    else if (!isDeepStrictEqual(operationsBefore.get(key), operation)) changes.push(`operation changed: ${key}`);
  }
  for (const key of operationsBefore.keys()) if (!operationsAfter.has(key)) changes.push(`operation removed: ${key}`);

  const schemasBefore = before.components?.schemas ?? {};
  const schemasAfter = after.components?.schemas ?? {};
  for (const [name, schema] of Object.entries(schemasAfter)) {
    const earlier = schemasBefore[name];
    if (!earlier) changes.push(`schema added: ${name}`);
    else changes.push(...schemaChanges(name, earlier, schema));
  }
  for (const name of Object.keys(schemasBefore)) if (!(name in schemasAfter)) changes.push(`schema removed: ${name}`);

  const rest = (document: OpenApiDocument) => {
    const { paths, components, openapi: _version, ...others } = document;
    const { schemas: _schemas, ...otherComponents } = components ?? {};
    // What a path item holds besides its operations (shared parameters, a summary).
    const pathItems = Object.fromEntries(
      Object.entries(paths ?? {})
        .map(([path, item]) => [path, Object.fromEntries(Object.entries(item ?? {}).filter(([key]) => !OPENAPI_METHODS.includes(key)))] as const)
        .filter(([, extras]) => Object.keys(extras).length > 0),
    );
    return { ...others, paths: pathItems, components: otherComponents };
  };
  changes.push(...differingPaths(rest(before), rest(after), '').map((path) => `changed: ${path}`));
  return changes;
}

function operations(document: OpenApiDocument): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (OPENAPI_METHODS.includes(method)) result.set(`${method.toUpperCase()} ${path}`, operation);
    }
  }
  return result;
}

function schemaChanges(name: string, before: SchemaObject, after: SchemaObject): string[] {
  if (isDeepStrictEqual(before, after)) return [];
  const changes: string[] = [];
  const propertiesBefore = (before.properties ?? {}) as Record<string, unknown>;
  const propertiesAfter = (after.properties ?? {}) as Record<string, unknown>;
  for (const [property, schema] of Object.entries(propertiesAfter)) {
    if (!(property in propertiesBefore)) changes.push(`property added: ${name}.${property}`);
    else if (!isDeepStrictEqual(propertiesBefore[property], schema)) changes.push(`property changed: ${name}.${property}`);
  }
  for (const property of Object.keys(propertiesBefore)) if (!(property in propertiesAfter)) changes.push(`property removed: ${name}.${property}`);
  const { properties: _before, ...restBefore } = before;
  const { properties: _after, ...restAfter } = after;
  for (const path of differingPaths(restBefore, restAfter, '')) changes.push(`schema changed: ${name}${path}`);
  return changes;
}

/** JSON paths (`.info.title`, `.required`) where two values differ, stopping at arrays and at added/removed keys. */
function differingPaths(before: unknown, after: unknown, at: string): string[] {
  if (isDeepStrictEqual(before, after)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(before) || !isObject(after)) return [at || '(the document)'];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((key) => differingPaths(before[key], after[key], `${at}.${key}`));
}
