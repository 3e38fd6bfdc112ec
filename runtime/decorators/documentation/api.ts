import type { StandardSchemaV1 } from '../../core/standard-schema';
import type { ApiOperationOptions, ApiResponseOptions, ApiTagOptions, Class, McpToolOptions, SecurityRequirement } from '../../types';
import { onClassOrMethod, onMethod } from '../legacy';

type ClassOrMethodDecorator = (target: object, propertyKey?: string | symbol, descriptor?: unknown) => void;

/**
 * OpenAPI tags for every route of a controller (on the class) or for one route (on a method): names, or objects that
 * also describe the tag, e.g. `@ApiTags({ name: 'Comments', parent: 'Posts' })` (a hierarchy in an OpenAPI 3.2 document).
 */
export function ApiTags(...tags: (string | ApiTagOptions)[]): ClassOrMethodDecorator {
  return onClassOrMethod('ApiTags', (record) => {
    record.tags.unshift(...tags.map((tag) => (tag as ApiTagOptions).name ?? tag));
    // Names too: the generator reads only the objects.
    (record.tagDetails ??= []).push(...(tags as ApiTagOptions[]));
  });
}

/** OpenAPI summary, description, operationId and deprecation of one route. */
export function ApiOperation(options: ApiOperationOptions): MethodDecorator {
  return onMethod('ApiOperation', (record) => (record.operation = { ...record.operation, ...options }));
}

/**
 * What a route may return when a 2xx `@ApiResponse` declares its `type`: that DTO, or a value of the schema's input
 * type (an array of it with `isArray`), or any Response (`context.json(…, { status: 404 })`). Anything goes for other
 * statuses, untyped ones, and a status that is not a literal: errors usually leave as thrown HttpErrors or Responses,
 * not as returned values.
 */
export type ContractValue<O> = O extends { status: infer S extends number; type: infer D }
  ? `${S}` extends `2${number}`
    ? ContractItem<D> extends infer T
      ? O extends { isArray: true }
        ? readonly T[]
        : T
      : never
    : unknown
  : unknown;

/** The value a response `type` takes: the schema's input (what it parses), or the DTO class's instance type. */
export type ContractItem<D> = D extends StandardSchemaV1<infer I, unknown> ? I : D extends Class<infer T> ? T : unknown;

/**
 * `@ApiResponse`'s decorator. On a method, its return type is checked against the declared type (see
 * `ContractValue`): a handler that cannot return a PostDto fails to compile at the decorator. On a class it
 * documents and strips every route but checks nothing (a class decorator cannot tell routes from other methods).
 */
export interface ApiResponseDecorator<R> {
  (target: Function): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  // An @Sse() route's events carry the type: its AsyncIterable yields R, or `{ data: R, event?, id?, retry? }`.
  /**
   * On a method.
   * @typeParam M - The method's type: it must return `R` or a Response (or a promise of either), or, for an `@Sse`
   * route, an AsyncIterable of `R` or of `{ data: R, event?, id?, retry? }`.
   */
  <M extends (...args: any[]) => R | Response | PromiseLike<R | Response> | AsyncIterable<R | { data: R; event?: string; id?: string; retry?: number }>>(
    target: object,
    propertyKey: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void;
}

/**
 * Documents one response of a route (on a method) or of every route of a controller (on the class). Repeatable.
 * With a `type`, it is also the response contract: a value the handler returns for that status is sent with exactly
 * the DTO's documented properties, or as the schema's output for it (`createApplication({ responseContract })`).
 */
export function ApiResponse<const O extends ApiResponseOptions>(options: O): ApiResponseDecorator<ContractValue<O>>;
export function ApiResponse(options: ApiResponseOptions): ClassOrMethodDecorator {
  if (!Number.isInteger(options?.status)) throw new TypeError('@ApiResponse({ status }) needs a numeric status.');
  return onClassOrMethod('ApiResponse', (record) => record.responses.unshift(options));
}

/**
 * Documents that a controller's routes (on the class) or one route (on a method) need the security scheme `name`,
 * one of `generateOpenApiDocument({ securitySchemes })`. Repeated, each is an alternative. Documentation only: the
 * check itself is middleware.
 */
export function ApiSecurity(name: string, scopes: string[] = []): ClassOrMethodDecorator {
  if (typeof name !== 'string' || name === '') throw new TypeError("@ApiSecurity(name) needs the name of a security scheme, e.g. @ApiSecurity('bearer').");
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string')) throw new TypeError('@ApiSecurity(name, scopes) takes scopes as a list of strings.');
  const requirement: SecurityRequirement = { [name]: [...scopes] };
  return onClassOrMethod('ApiSecurity', (record) => record.security.unshift(requirement));
}

/**
 * Marks the route as a tool of `createMcpHandler(app)`: an agent can call it over the Model Context Protocol, through
 * the route's middleware and validation. Its input schema is the route's path parameters, query and body.
 */
export function McpTool(options: McpToolOptions = {}): MethodDecorator {
  return onMethod('McpTool', (record) => (record.mcp = options));
}
