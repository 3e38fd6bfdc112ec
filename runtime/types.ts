import type { RouteContext } from './core/context';
import type { StandardSchemaV1 } from './core/standard-schema';

/** The HTTP methods a route decorator can name. `ALL` is `@All`. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
/** The HTTP methods a route can answer: GET, POST, PUT, PATCH, DELETE, HEAD and OPTIONS. */
export type HttpMethod = (typeof HTTP_METHODS)[number];
/** A route's method: an {@link HttpMethod}, or `'ALL'` for {@link All}, which matches every method. */
export type RouteMethod = HttpMethod | 'ALL';

/** A class: a controller, or a DTO whose instances are `T`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Class<T = any> = new (...args: any[]) => T;

/** What a custom parameter decorator computes: the argument, from the request's context and the decorator's `data`. */
export type ParamResolver<T = unknown, D = unknown> = (context: RouteContext, data: D) => T | Promise<T>;

/**
 * A middleware gets the request's context and `next`, which runs the rest of the chain and resolves to its Response.
 * Return a Response (or a value, sent as JSON) to answer without calling `next`, or `await next()` and return it,
 * changed or replaced.
 */
export type Middleware<C extends RouteContext = RouteContext> = (
  context: C,
  next: () => Promise<Response>,
) => unknown | Promise<unknown>;

/** The options of {@link ApiOperation}: the operation's summary, description, operationId and deprecation in the OpenAPI document. */
export interface ApiOperationOptions {
  summary?: string;
  description?: string;
  operationId?: string;
  deprecated?: boolean;
}

/**
 * A tag with more than its name, for `@ApiTags`: `description` is in every document; `summary`, `parent` (the name of
 * the tag it sits under) and `kind` are OpenAPI 3.2's (`generateOpenApiDocument({ openapi: '3.2' })`).
 */
export interface ApiTagOptions {
  name: string;
  summary?: string;
  description?: string;
  parent?: string;
  kind?: string;
}

/** `@McpTool`: the route as a tool of `createMcpHandler(app)`. */
export interface McpToolOptions {
  /** The tool's name. Default: the route's operationId (`PostsController_create`, or `@ApiOperation`'s). */
  name?: string;
  /** What the tool does, for the agent. Default: `@ApiOperation`'s summary and description. */
  description?: string;
}

/** One OpenAPI security requirement: a security scheme's name and the scopes it needs (empty but for OAuth2/OIDC). */
export type SecurityRequirement = Record<string, string[]>;

/**
 * The options of {@link ApiResponse}: the status, its description, and the DTO class (`type`, a list of them with
 * `isArray`) that documents the response and is its contract.
 */
export interface ApiResponseOptions {
  status: number;
  description?: string;
  /**
   * The response's schema: a DTO class, or a Standard Schema (Zod, Valibot, ArkType…), documented by its output's
   * JSON Schema. It is also the response contract (`createApplication({ responseContract })`).
   */
  type?: Class | StandardSchemaV1;
  isArray?: boolean;
}

/**
 * `@Version(VERSION_NEUTRAL)`: a route every version shares (with URI versioning, served at the path without a
 * version segment). A route with no `@Version` and no `defaultVersion` is neutral too.
 */
export const VERSION_NEUTRAL: unique symbol = Symbol('VERSION_NEUTRAL') as never;

/** What `@Version` takes: one version (`'2'`), several (`['1', '2']`), or `VERSION_NEUTRAL`. */
export type VersionValue = string | readonly string[] | typeof VERSION_NEUTRAL;

/** `@Deprecated(options)`: what the responses of a deprecated route say (RFC 9745 `Deprecation`, RFC 8594 `Sunset`, `Link`). */
export interface DeprecatedOptions {
  /**
   * When the route was (a past date) or will be (a future one) deprecated: `Deprecation: @<seconds>`. Default `@0`,
   * a date in the past: deprecated already, since no particular date.
   */
  since?: Date | string;
  /** When the route is expected to stop answering: `Sunset: <HTTP-date>` (RFC 8594). Not earlier than `since`. */
  sunset?: Date | string;
  /** A page about the deprecation (what to use instead): `Link: <link>; rel="deprecation"`. */
  link?: string;
}
