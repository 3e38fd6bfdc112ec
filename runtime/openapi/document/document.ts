import { cacheControlValue } from '../../metadata/cache-control';
import { reasonPhrase } from '../../errors/http-error';
import type { DocumentedApplication } from '../registry';
import { describeAuth } from '../features/security';
import type { RouteDefinition } from '../../routing/route-definitions';
import type { InputParameter } from '../../metadata/records';
import type { SchemaUse } from '../../schema/components';
import { isStandardSchema, type StandardSchemaV1 } from '../../core/standard-schema';
import type { VersioningOptions } from '../../routing/versioning';
import type { ApiResponseOptions, Class } from '../../types';
import { CROSS_SITE_REFUSED_REF, errorFormatKind, errorMediaType, errorSchemaRef, HEADER_REFS, SHARED_ERROR_REFS, TOO_MANY_REQUESTS_REF, type ErrorFormatKind } from '../features/errors';
import { describeIdempotency } from '../features/idempotency';
import { describeWebhook } from '../features/webhook';
import { successContent } from './media';
import { markPaginated, pageEnvelope, pageResponse } from '../features/pagination';
import { returnsNothing } from './returns-nothing';
import { summaryFromMethodName } from './summaries';
import { documentedName } from '../schemas/names';
import { SCHEMA_REF_PREFIX } from '../schemas/schemas';
import type { HeaderObject, OpenApiMethod, OperationObject, PathItemObject, ReferenceObject, ResponseObject, SchemaObject } from '../types';

/** The part of a document that depends only on one application's routes; built once per application. */
export interface ApplicationDocument {
  operations: DocumentedOperation[];
  /** Classes whose schemas the operations refer to: `@Body` DTOs and `@ApiResponse({ type })`s. */
  dtos: Class[];
  /**
   * The Standard Schemas the operations show (`@Body`/`@Form` schemas, `@ApiResponse({ type: schema })`): each one's
   * place in the operations is an empty object, filled with its JSON Schema when the document is generated (the
   * names of its components depend on every schema of that document).
   */
  schemas: Map<SchemaObject, SchemaUse>;
}

export interface DocumentedOperation {
  path: string;
  method: OpenApiMethod;
  route: RouteDefinition;
  /** The id before de-duplication: the `@ApiOperation` one, or `Controller_method`. */
  operationId: string;
  explicitId: boolean;
  operation: Omit<OperationObject, 'operationId'>;
  /** A versioned route's: the versions this operation documents, and how a client names them (openapi/versions.ts). */
  versions?: readonly string[];
  versioning?: VersioningOptions;
}

/** Where a route is documented: its path (with URI versioning, the version's), and for a versioned route its versions. */
export interface Placement {
  route: RouteDefinition;
  path: string;
  versions?: readonly string[];
  /** Appended to its operationId: a route documented at several paths (`_v2`). */
  idSuffix?: string;
}

/** `@All` is documented under these; HEAD and OPTIONS are answered for every path anyway, so only `@Head`/`@Options` list them. */
const ALL_METHODS: OpenApiMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

/** OpenAPI's order of operations in a path item, so the JSON does not depend on declaration order within a path. */
export const METHOD_ORDER: OpenApiMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

const ref = (name: string): SchemaObject => ({ $ref: `${SCHEMA_REF_PREFIX}${name}` });
const json = (schema: SchemaObject) => ({ 'application/json': { schema } });

/** `/api/posts/:id` → `/api/posts/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/(^|\/):([A-Za-z_$][\w$]*)/g, '$1{$2}');
}

/**
 * The operations of an application's routes, each at its placement: by default every route at its path, in
 * declaration order; a versioned application's come from openapi/versions.ts. The first placement of a method and
 * path is the one documented.
 */
export function describeApplication(
  application: DocumentedApplication,
  controllers?: ReadonlySet<Class>,
  placements: readonly Placement[] = application.routes.map((route) => ({ route, path: route.path })),
): ApplicationDocument {
  const operations: DocumentedOperation[] = [];
  const dtos = new Set<Class>();
  const schemas = new Map<SchemaObject, SchemaUse>();
  const taken = new Set<string>();
  const errors = errorFormatKind(application);
  for (const { route, versions, idSuffix = '', ...placement } of placements) {
    if (controllers && !controllers.has(route.controller)) continue;
    const path = openApiPath(placement.path);
    const methods = route.method === 'ALL' ? ALL_METHODS : [route.method.toLowerCase() as OpenApiMethod];
    const base = (route.operation?.operationId ?? `${documentedName(route.controller, 'controller class')}_${route.propertyKey}`) + idSuffix;
    // One description serves every method an @All route is documented under (buildPaths copies it per method).
    let operation: Omit<OperationObject, 'operationId'> | undefined;
    for (const method of methods) {
      // The first route declared for a method and path is the one that answers: later ones are never reached.
      if (taken.has(`${method} ${path}`)) continue;
      taken.add(`${method} ${path}`);
      operations.push({
        path,
        method,
        route,
        operationId: route.method === 'ALL' ? `${base}_${method}` : base,
        explicitId: route.operation?.operationId !== undefined,
        operation: (operation ??= describeRoute(route, { dtos, schemas }, errors, application)),
        ...(versions ? { versions, versioning: application.versioning } : {}),
      });
    }
  }
  return { operations, dtos: [...dtos], schemas };
}

/** What the operations refer to: DTO classes (by component name) and schemas (by a placeholder each). */
interface Referred {
  dtos: Set<Class>;
  schemas: Map<SchemaObject, SchemaUse>;
}

/** `POST /api/items (ItemsController.create)`: how errors name a route. */
export function routeName(route: RouteDefinition): string {
  return `${route.method} ${route.path} (${route.controller.name}.${route.propertyKey})`;
}

/** The place of a schema in the document: an object filled with its JSON Schema when the document is generated. */
export function schemaPlaceholder(referred: Pick<Referred, 'schemas'>, route: RouteDefinition, schema: StandardSchemaV1, side: SchemaUse['side'], role: string, slug: string): SchemaObject {
  const placeholder: SchemaObject = {};
  referred.schemas.set(placeholder, { schema, side, where: `the ${role} schema of ${routeName(route)}`, context: `${route.controller.name}_${route.propertyKey}_${slug}` });
  return placeholder;
}

/** A request input's schema: the `$ref` of its DTO class, or its schema's placeholder (the input side). */
function inputSchema(parameter: InputParameter, route: RouteDefinition, referred: Referred, role: string, slug: string): SchemaObject {
  if (parameter.schema) return schemaPlaceholder(referred, route, parameter.schema, 'input', role, slug);
  referred.dtos.add(parameter.dto);
  return ref(documentedName(parameter.dto, 'DTO class'));
}

function describeRoute(route: RouteDefinition, referred: Referred, errors: ErrorFormatKind, application: DocumentedApplication): Omit<OperationObject, 'operationId'> {
  const operation = {} as Omit<OperationObject, 'operationId'>;
  if (route.tags.length > 0) operation.tags = [...route.tags];
  const { summary, description, deprecated } = route.operation ?? {};
  operation.summary = summary ?? summaryFromMethodName(route.propertyKey);
  if (description !== undefined) operation.description = description;
  if (deprecated || route.deprecated) operation.deprecated = true;
  const parameters = route.segments.flatMap((segment) =>
    segment.kind === 'param' ? [{ name: segment.name, in: 'path' as const, required: true, schema: { type: 'string' } }] : [],
  );
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.body) {
    operation.requestBody = { required: true, content: json(inputSchema(route.body, route, referred, '@Body', 'body')) };
  }
  if (route.form) {
    const schema = inputSchema(route.form, route, referred, '@Form', 'form');
    operation.requestBody = { required: true, content: { 'multipart/form-data': { schema }, 'application/x-www-form-urlencoded': { schema } } };
  }
  operation.responses = describeResponses(route, referred, errors);
  if (route.paginated) describePages(operation, route, referred);
  describeIdempotency(operation, route, errors);
  describeWebhook(operation, route, errors);
  if (route.security.length > 0) operation.security = route.security.map((requirement) => ({ ...requirement }));
  describeAuth(operation, route, application);
  describeLimitsAndCaching(operation.responses, route, application);
  return operation;
}

/** A `@Paginated` route's 200: the envelope of its items (a DTO's `$ref` or a schema's output) with `Link`, and `x-pagination`. */
function describePages(operation: Omit<OperationObject, 'operationId'>, route: RouteDefinition, referred: Referred): void {
  const page = route.paginated!;
  let item: SchemaObject;
  if (isStandardSchema(page.item)) {
    item = schemaPlaceholder(referred, route, page.item, 'output', '@Paginated item', 'item');
  } else {
    referred.dtos.add(page.item);
    item = ref(documentedName(page.item, 'DTO class'));
  }
  operation.responses['200'] = pageResponse(page, json(pageEnvelope(page, item)));
  markPaginated(operation, page);
}

/**
 * The declared `@ApiResponse`s, and what the runtime answers by itself: the success status (`@HttpCode`, else 204
 * without content for a handler that returns nothing, `returns-nothing.ts`, else 200), 400, 413,
 * 415 and 422 for a `@Body` or `@Form` route, 422 for a `@Query`, `@Params` or `@Headers` route, and 404 and 500 for
 * every route.
 */
function describeResponses(route: RouteDefinition, referred: Referred, errors: ErrorFormatKind): Record<string, ResponseObject | ReferenceObject> {
  const declared = new Map<number, ResponseObject>();
  // Class responses come first and method responses after, so a method's entry for a status replaces the class's.
  for (const response of route.responses) declared.set(response.status, describeResponse(response, referred, errors, route));
  const responses = new Map<number, ResponseObject | ReferenceObject>();
  if (![...declared.keys()].some((status) => status >= 200 && status < 300)) {
    const status = route.httpCode ?? (returnsNothing(route) ? 204 : 200);
    const content = successContent(route, undefined);
    responses.set(status, content ? { description: reasonPhrase(status), content } : { description: reasonPhrase(status) });
  }
  // Shared entries of components.responses: one line each per operation keeps a 1,000-route document small.
  if (route.body || route.form) for (const status of [400, 413, 415, 422] as const) responses.set(status, SHARED_ERROR_REFS[status]);
  if (route.query || route.params || route.headers) responses.set(422, SHARED_ERROR_REFS[422]);
  responses.set(404, SHARED_ERROR_REFS[404]);
  responses.set(500, SHARED_ERROR_REFS[500]);
  for (const [status, response] of declared) responses.set(status, response);
  const sorted: Record<string, ResponseObject | ReferenceObject> = {};
  for (const status of [...responses.keys()].sort((a, b) => a - b)) sorted[String(status)] = responses.get(status)!;
  return sorted;
}

/**
 * What the runtime adds to a POST route without a JSON `@Body` (the CSRF check's 403, unless `csrf: false` or a declared
 * 403), to a limited route (the 429, and the RateLimit fields on its 2xx answers) and to a GET route with
 * `@CacheControl` or ETags (the header on its 200 and 304, the 304 itself). An `@All` route's operation is shared by
 * its methods, so its caching and CSRF check are not documented.
 */
function describeLimitsAndCaching(responses: Record<string, ResponseObject | ReferenceObject>, route: RouteDefinition, application: DocumentedApplication): void {
  if (application.csrf !== false && route.method === 'POST' && !route.body && responses['403'] === undefined) {
    responses['403'] = CROSS_SITE_REFUSED_REF;
  }
  const limited = application.rateLimit?.limit !== undefined || route.rateLimit !== undefined || route.controllerRateLimit !== undefined;
  const get = route.method === 'GET';
  const etag = get && (route.etag ?? application.etag === true) && !route.sse;
  const cacheControl = get && route.cacheControl !== undefined ? cacheControlValue(route.cacheControl, `${route.controller.name}.${route.propertyKey}`) : undefined;
  if (!limited && !etag && cacheControl === undefined) return sortByStatus(responses);
  const headers: Record<string, HeaderObject | ReferenceObject> = {};
  if (cacheControl !== undefined) headers['Cache-Control'] = { description: 'How caches may keep the answer.', schema: { type: 'string', const: cacheControl } };
  if (etag) headers.ETag = HEADER_REFS.ETag;
  for (const status of Object.keys(responses)) {
    const response = responses[status];
    if (!(Number(status) >= 200 && Number(status) < 300) || '$ref' in response) continue;
    const own: Record<string, HeaderObject | ReferenceObject> = { ...response.headers };
    if (limited) Object.assign(own, { 'RateLimit-Policy': HEADER_REFS.RateLimitPolicy, RateLimit: HEADER_REFS.RateLimit });
    if (status === '200') Object.assign(own, headers);
    if (Object.keys(own).length > 0) responses[status] = { ...response, headers: own };
  }
  if (etag) responses['304'] = { description: 'Not Modified: If-None-Match names the current ETag; no body', headers };
  if (limited) responses['429'] = TOO_MANY_REQUESTS_REF;
  sortByStatus(responses);
}

/** Puts the statuses of `responses` in ascending order, in place. */
function sortByStatus(responses: Record<string, ResponseObject | ReferenceObject>): void {
  const sorted = Object.keys(responses).sort((a, b) => Number(a) - Number(b));
  const copy = { ...responses };
  for (const status of Object.keys(responses)) delete responses[status];
  for (const status of sorted) responses[status] = copy[status];
}

function describeResponse(options: ApiResponseOptions, referred: Referred, errors: ErrorFormatKind, route: RouteDefinition): ResponseObject {
  const response: ResponseObject = { description: options.description ?? reasonPhrase(options.status) };
  const success = options.status >= 200 && options.status < 300;
  const { type } = options;
  if (type) {
    // A schema's response is its output: what the response contract sends.
    let schema: SchemaObject;
    if (isStandardSchema(type)) {
      schema = schemaPlaceholder(referred, route, type, 'output', `${options.status} response`, String(options.status));
    } else {
      referred.dtos.add(type);
      schema = ref(documentedName(type, 'DTO class'));
    }
    const typed = options.isArray ? { type: 'array', items: schema } : schema;
    response.content = success ? successContent(route, typed) : json(typed);
  } else if (success && (route.sse || route.produces)) {
    response.content = successContent(route, undefined);
  } else if (options.status >= 400) {
    response.content = { [errorMediaType(errors)]: { schema: errorSchemaRef(errors, options.status) } };
  }
  return response;
}

/** Assigns unique operationIds (`_2`, `_3` on repeats of a derived id) and lays the operations out as `paths`. */
export function buildPaths(operations: readonly DocumentedOperation[]): Record<string, PathItemObject> {
  const used = new Set<string>();
  for (const entry of operations) {
    if (!entry.explicitId) continue;
    if (used.has(entry.operationId)) {
      throw new Error(
        `generateOpenApiDocument: operationId "${entry.operationId}" is given by @ApiOperation on more than one route ` +
          `(again on ${entry.route.controller.name}.${entry.route.propertyKey}). operationIds must be unique.`,
      );
    }
    used.add(entry.operationId);
  }
  const byPath = new Map<string, Partial<Record<OpenApiMethod, OperationObject>>>();
  for (const entry of operations) {
    let operationId = entry.operationId;
    if (!entry.explicitId) {
      for (let n = 2; used.has(operationId); n++) operationId = `${entry.operationId}_${n}`;
      used.add(operationId);
    }
    let item = byPath.get(entry.path);
    if (!item) byPath.set(entry.path, (item = {}));
    if (item[entry.method]) continue;
    item[entry.method] = { operationId, ...entry.operation };
  }
  const paths: Record<string, PathItemObject> = {};
  for (const [path, item] of byPath) {
    const ordered: PathItemObject = {};
    for (const method of METHOD_ORDER) if (item[method]) ordered[method] = item[method];
    paths[path] = ordered;
  }
  return paths;
}
