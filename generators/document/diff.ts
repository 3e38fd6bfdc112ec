import { isDeepStrictEqual } from 'node:util';
import { OPENAPI_METHODS, type OpenApiDocument } from './openapi-document';
import { SchemaComparison, type Change, type Direction } from './schema-diff';

export type { Change } from './schema-diff';

type Json = Record<string, unknown>;
type Operation = Json & { parameters?: Json[]; requestBody?: Json; responses?: Record<string, Json> };

/**
 * What changed from the committed document (`before`) to the one the sources give (`after`), each difference worded
 * for a reviewer and classified: breaking when a client written against `before` can fail against `after`.
 *
 * Breaking: a removed operation; a removed (or renamed) query parameter, which a route refusing unknown keys answers
 * with a 422; a new required parameter, request body or request field (or one made required); a
 * request type, enum or bound narrowed (fewer values accepted); a removed response status or media type; a response
 * field removed or no longer required, or a response type or enum widened (values the client was never told of).
 * Not breaking: added operations and statuses, optional parameters and fields, widened inputs, narrowed outputs,
 * anything only descriptive (summaries, tags, operationIds, info), and the OpenAPI version (3.1 or 3.2: the same API
 * in either). Empty when the documents are equal.
 */
export function compareDocuments(before: OpenApiDocument, after: OpenApiDocument): Change[] {
  const changes: Change[] = [];
  const seen = new Set<string>();
  let operation: string | undefined;
  const add = (change: Omit<Change, 'operation'>) => {
    if (seen.has(change.message)) return;
    seen.add(change.message);
    changes.push(operation === undefined || operation === change.at ? change : { ...change, operation });
  };
  const schemas = new SchemaComparison(before, after, add);
  if (before.openapi !== after.openapi) {
    add({ breaking: false, kind: 'changed', at: 'openapi', message: `OpenAPI version changed: ${String(before.openapi)} → ${String(after.openapi)}` });
  }
  const operationsBefore = operations(before);
  const operationsAfter = operations(after);

  for (const [key, now] of operationsAfter) {
    const old = operationsBefore.get(key);
    if (!old) add({ breaking: false, kind: 'operation-added', at: key, message: `operation added: ${key}` });
    else if (!isDeepStrictEqual(old, now)) {
      operation = key;
      compareOperation(old, now, key, schemas, add);
      operation = undefined;
    }
  }
  for (const key of operationsBefore.keys()) {
    if (!operationsAfter.has(key)) add({ breaking: true, kind: 'operation-removed', at: key, message: `operation removed: ${key}` });
  }
  // Operations that did not change still reach changed schemas through their $refs.
  for (const [key, now] of operationsAfter) {
    const old = operationsBefore.get(key);
    if (!old || !isDeepStrictEqual(old, now)) continue;
    operation = key;
    compareOperation(old, now, key, schemas, add);
    operation = undefined;
  }

  const schemasBefore = before.components?.schemas ?? {};
  const schemasAfter = after.components?.schemas ?? {};
  for (const name of Object.keys(schemasAfter)) {
    if (!(name in schemasBefore)) add({ breaking: false, kind: 'schema-added', at: name, message: `schema added: ${name}` });
    else if (!schemas.visited.has(name) && !isDeepStrictEqual(schemasBefore[name], schemasAfter[name])) {
      add({ breaking: false, kind: 'schema-changed', at: name, message: `schema changed: ${name} (no operation uses it)` });
    }
  }
  for (const name of Object.keys(schemasBefore)) {
    if (!(name in schemasAfter)) add({ breaking: false, kind: 'schema-removed', at: name, message: `schema removed: ${name}` });
  }

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
  for (const path of differingPaths(rest(before), rest(after), '')) add({ breaking: false, kind: 'changed', at: path, message: `changed: ${path}` });
  return changes;
}

/** Each line of `compareDocuments`: `breaking: …` or `not breaking: …`. */
export function describeChanges(before: OpenApiDocument, after: OpenApiDocument): string[] {
  return compareDocuments(before, after).map((change) => `${change.breaking ? 'breaking' : 'not breaking'}: ${change.message}`);
}

function operations(document: OpenApiDocument): Map<string, Operation> {
  const result = new Map<string, Operation>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (OPENAPI_METHODS.includes(method)) result.set(`${method.toUpperCase()} ${path}`, operation as Operation);
    }
  }
  return result;
}

function compareOperation(old: Operation, now: Operation, key: string, schemas: SchemaComparison, add: (change: Omit<Change, 'operation'>) => void): void {
  // Parameters, by where and name.
  const parameterKey = (parameter: Json) => `${String(parameter.in)} ${String(parameter.name)}`;
  const oldParameters = new Map((old.parameters ?? []).map((parameter) => [parameterKey(parameter), parameter]));
  const newParameters = new Map((now.parameters ?? []).map((parameter) => [parameterKey(parameter), parameter]));
  for (const [name, parameter] of newParameters) {
    const earlier = oldParameters.get(name);
    const at = `${key} ${name}`;
    if (!earlier) {
      const required = parameter.required === true;
      add({ breaking: required, kind: 'parameter-added', at, message: `parameter added, ${required ? 'required' : 'optional'}: ${name} (${key})` });
      continue;
    }
    if (Boolean(earlier.required) !== Boolean(parameter.required)) {
      const required = parameter.required === true;
      add({ breaking: required, kind: required ? 'parameter-required' : 'parameter-optional', at, message: `parameter ${required ? 'now required' : 'no longer required'}: ${name} (${key})` });
    }
    schemas.compare(earlier.schema as Json, parameter.schema as Json, at, 'request');
  }
  for (const [name, parameter] of oldParameters) {
    if (newParameters.has(name)) continue;
    // A client still sending a removed query parameter gets a 422 where the route refuses unknown keys
    // (forbidNonWhitelisted, which `init` sets, or a strict schema), and the document does not say which routes do: a
    // removed (or renamed) query parameter is breaking. Unknown headers and cookies are never refused.
    const breaking = parameter.in === 'query';
    add({ breaking, kind: 'parameter-removed', at: `${key} ${name}`, message: `parameter removed: ${name} (${key})` });
  }

  // The request body.
  const oldBody = old.requestBody;
  const newBody = now.requestBody;
  const bodyAt = `${key} request body`;
  if (!oldBody && newBody) {
    const required = newBody.required === true;
    add({ breaking: required, kind: 'request-body-added', at: bodyAt, message: `request body added, ${required ? 'required' : 'optional'}: ${key}` });
  } else if (oldBody && !newBody) {
    add({ breaking: false, kind: 'request-body-removed', at: bodyAt, message: `request body removed: ${key}` });
  } else if (oldBody && newBody) {
    if (Boolean(oldBody.required) !== Boolean(newBody.required)) {
      const required = newBody.required === true;
      add({ breaking: required, kind: required ? 'request-body-required' : 'request-body-optional', at: bodyAt, message: `request body ${required ? 'now required' : 'no longer required'}: ${key}` });
    }
    compareContent(oldBody.content as Record<string, Json> | undefined, newBody.content as Record<string, Json> | undefined, bodyAt, 'request', schemas, add);
  }

  // Responses, by status.
  const oldResponses = old.responses ?? {};
  const newResponses = now.responses ?? {};
  for (const [status, response] of Object.entries(newResponses)) {
    const earlier = oldResponses[status];
    if (!earlier) {
      add({ breaking: false, kind: 'response-added', at: `${key} ${status}`, message: `response added: ${status} (${key})` });
      continue;
    }
    const at = `${key} ${status} response`;
    const resolve = (document: Json) => (typeof document.$ref === 'string' ? undefined : document);
    // Shared responses (`#/components/responses/…`) are compared as references: the library's error responses.
    if (typeof earlier.$ref === 'string' || typeof response.$ref === 'string') {
      if (earlier.$ref !== response.$ref) add({ breaking: false, kind: 'response-changed', at, message: `response changed: ${status} (${key})` });
      continue;
    }
    compareContent(resolve(earlier)?.content as Record<string, Json> | undefined, resolve(response)?.content as Record<string, Json> | undefined, at, 'response', schemas, add);
  }
  for (const status of Object.keys(oldResponses)) {
    if (!(status in newResponses)) add({ breaking: true, kind: 'response-removed', at: `${key} ${status}`, message: `response removed: ${status} (${key})` });
  }

  // The rest of the operation only describes it.
  const describing = (operation: Operation) => {
    const { parameters: _parameters, requestBody: _body, responses: _responses, ...rest } = operation;
    return rest;
  };
  const differing = [...new Set([...Object.keys(describing(old)), ...Object.keys(describing(now))])].filter((name) => !isDeepStrictEqual(old[name], now[name]));
  if (differing.length > 0) add({ breaking: false, kind: 'operation-changed', at: key, message: `operation changed: ${key} (${differing.join(', ')})` });
}

function compareContent(
  old: Record<string, Json> | undefined,
  now: Record<string, Json> | undefined,
  at: string,
  direction: Direction,
  schemas: SchemaComparison,
  add: (change: Omit<Change, 'operation'>) => void,
): void {
  const oldContent = old ?? {};
  const newContent = now ?? {};
  for (const [mediaType, media] of Object.entries(newContent)) {
    const earlier = oldContent[mediaType];
    if (earlier) {
      // Each item of a stream (an @Sse route's events): OpenAPI 3.2's itemSchema, x-itemSchema in a 3.1 document.
      const items = (content: Json) => (content.itemSchema ?? content['x-itemSchema']) as Json | undefined;
      const [oldItems, newItems] = [items(earlier), items(media)];
      // A 3.2 stream has its itemSchema alone, a 3.1 one `schema: { type: string }` beside x-itemSchema: the same
      // stream, so its schema is compared only when both sides give one.
      const streamed = oldItems !== undefined || newItems !== undefined;
      if (!streamed || (earlier.schema !== undefined && media.schema !== undefined)) {
        schemas.compare(earlier.schema as Json, media.schema as Json, at, direction);
      }
      if (oldItems && newItems) schemas.compare(oldItems, newItems, `${at} items`, direction);
      else if (oldItems || newItems) {
        const change = newItems ? 'added' : 'removed';
        add({ breaking: false, kind: `item-schema-${change}`, at, message: `item schema ${change}: ${mediaType} (${at})` });
      }
      continue;
    }
    // A response that had no body and gets one adds nothing a client relied on; a request may send what it sent.
    add({ breaking: false, kind: `${direction}-media-type-added`, at, message: `${direction} media type added: ${mediaType} (${at})` });
  }
  for (const mediaType of Object.keys(oldContent)) {
    if (!(mediaType in newContent)) {
      add({ breaking: true, kind: `${direction}-media-type-removed`, at, message: `${direction} media type removed: ${mediaType} (${at})` });
    }
  }
}

/** JSON paths (`.info.title`, `.servers`) where two values differ, stopping at arrays and at added/removed keys. */
function differingPaths(before: unknown, after: unknown, at: string): string[] {
  if (isDeepStrictEqual(before, after)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(before) || !isObject(after)) return [at || '(the document)'];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((key) => differingPaths(before[key], after[key], `${at}.${key}`));
}
