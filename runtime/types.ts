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

/** One OpenAPI security requirement: a security scheme's name and the scopes it needs (empty but for OAuth2/OIDC). */
export type SecurityRequirement = Record<string, string[]>;

export interface ApiResponseOptions {
  status: number;
  description?: string;
  /** A DTO class documented as the response schema. */
  type?: Class;
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
