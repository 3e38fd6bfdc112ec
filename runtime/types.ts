import type { RouteContext } from './context';

/** The HTTP methods a route decorator can name. `ALL` is `@All`. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type RouteMethod = HttpMethod | 'ALL';

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

export interface ApiResponseOptions {
  status: number;
  description?: string;
  /** A DTO class documented as the response schema. */
  type?: Class;
  isArray?: boolean;
}
