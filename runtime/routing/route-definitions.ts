import { findClassRecord, type CustomParameter, type InputParameter, type ProductionRecord } from '../metadata/records';
import type { RateLimitOptions } from '../metadata/limits';
import type { AuthScheme, RouteAuth } from '../metadata/auth-schemes';
import type { PageRecord } from '../metadata/pagination';
import type { IdempotentOptions } from '../metadata/idempotency';
import type { WebhookOptions } from '../metadata/webhooks';
import { joinPaths, parsePattern, type PatternSegment } from '../core/path';
import { checkRoute, type VersioningOptions } from './versioning';
import type { ApiOperationOptions, ApiResponseOptions, Class, DeprecatedOptions, Middleware, RouteMethod, SecurityRequirement, VersionValue } from '../types';

/**
 * One route as everything downstream reads it: the router, the dispatcher and the OpenAPI generator.
 * Built once from the decorators' records when an application is created.
 */
export interface RouteDefinition {
  /** Declaration index across the application: the smallest index among full matches wins. */
  order: number;
  method: RouteMethod;
  /** Full normalised path, e.g. `/api/posts/:id`; with URI versioning, without the version segment. */
  path: string;
  segments: PatternSegment[];
  controller: Class;
  propertyKey: string;
  /** Each input's DTO class or Standard Schema, and its parameter index. */
  body?: InputParameter;
  form?: InputParameter;
  query?: InputParameter;
  params?: InputParameter;
  headers?: InputParameter;
  /** Parameters of `createParamDecorator` decorators. */
  custom: CustomParameter[];
  httpCode?: number;
  /** Class middleware, then method middleware. */
  middleware: Middleware[];
  tags: string[];
  operation?: ApiOperationOptions;
  /** Class responses, then method responses. */
  responses: ApiResponseOptions[];
  /** `@ApiSecurity` requirements, class then method: any one of them admits a request. */
  security: SecurityRequirement[];
  /** `@Sse()`: the method's AsyncIterable is sent as Server-Sent Events, keep-alive comments every `keepAlive` ms. */
  sse?: { keepAlive: number };
  /** `@Produces(mediaType)`: the success response's media type. */
  produces?: string;
  /** The controller's `@RateLimit`: one count for all of its routes. */
  controllerRateLimit?: RateLimitOptions;
  /** The method's `@RateLimit`. */
  rateLimit?: RateLimitOptions;
  /** `@CacheControl` of the method, else of the controller. */
  cacheControl?: ProductionRecord['cacheControl'];
  /** `@ETag` of the method, else of the controller. */
  etag?: boolean;
  /** The method's `@Idempotent`, else its controller's (`fromController`: applied to its POST and PATCH routes only). */
  idempotent?: IdempotentOptions & { fromController?: boolean };
  /** The method's `@Webhook`: its signature is verified before anything reads the body; no CSRF check. */
  webhook?: WebhookOptions;
  /** `@Version` of the method, else of the controller. Without it: `defaultVersion`, else every version. */
  version?: VersionValue;
  /** `@Deprecated`: its responses carry `Deprecation` (and `Sunset`, `Link`). */
  deprecated?: DeprecatedOptions;
  /**
   * `@Auth` of the method, else of the controller, else the application's `auth.default`; `false`: `@Public()`. A
   * method's naming no scheme: the controller's (else the default's) schemes and options, its own options over theirs.
   */
  auth?: RouteAuth;
  /** `@Paginated`: its query's page fields, its envelope and `Link` headers (pagination/). */
  paginated?: PageRecord;
}

/** `fallback`: the application's `auth.default`, the scheme of routes without `@Auth`/`@Public` (checked by auth/check.ts). */
export function buildRouteDefinitions(controllers: readonly Class[], basePath: string, versioning?: VersioningOptions, fallback?: AuthScheme): RouteDefinition[] {
  const definitions: RouteDefinition[] = [];
  const byDefault = fallback && { schemes: [fallback] };
  const seen = new Set<Class>();
  for (const controller of controllers) {
    const record = typeof controller === 'function' ? findClassRecord(controller) : undefined;
    if (!record || record.prefix === undefined) {
      const name = typeof controller === 'function' ? controller.name : String(controller);
      throw new TypeError(`createApplication: ${name} is listed in controllers but has no @Controller(prefix) decorator.`);
    }
    if (seen.has(controller)) throw new TypeError(`createApplication: ${controller.name} is listed in controllers twice.`);
    seen.add(controller);
    for (const route of record.routes) {
      const method = record.methods.get(route.propertyKey);
      const handler = controller.prototype[route.propertyKey];
      const where = `${controller.name}.${route.propertyKey}`;
      if (typeof handler !== 'function') throw new TypeError(`${where} is decorated as a route but is not a method.`);
      if (method?.body && method.form) {
        throw new TypeError(`${where} has both @Body and @Form parameters, and a request has one body: keep one of them.`);
      }
      if (method?.sse && method.produces) throw new TypeError(`${where} has both @Sse and @Produces: an @Sse route answers text/event-stream.`);
      const path = joinPaths(basePath, record.prefix, route.path);
      const version = method?.version ?? record.version;
      const deprecated = method?.deprecated ?? record.deprecated;
      checkRoute(version, deprecated, versioning, where);
      // A method's @Auth naming no scheme (`@Auth({ scopes })`) keeps the class's schemes and options (else the
      // default's), its own options replacing theirs one by one; with neither, it is refused.
      let auth = method?.auth;
      if (auth && !auth.schemes.length) {
        const base = record.auth || byDefault;
        if (!base) throw new TypeError(`${where}: @Auth needs a scheme or auth.default.`);
        auth = { ...base, ...auth, schemes: base.schemes };
      }
      definitions.push({
        order: definitions.length,
        method: route.method,
        path,
        segments: parsePattern(path, where),
        controller,
        propertyKey: route.propertyKey,
        body: method?.body,
        form: method?.form,
        query: method?.query,
        params: method?.params,
        headers: method?.headers,
        custom: method?.custom ?? [],
        httpCode: method?.httpCode,
        middleware: [...record.middleware, ...(method?.middleware ?? [])],
        tags: [...new Set([...record.tags, ...(method?.tags ?? [])])],
        operation: method?.operation,
        responses: [...record.responses, ...(method?.responses ?? [])],
        security: [...record.security, ...(method?.security ?? [])],
        sse: method?.sse,
        produces: method?.produces,
        controllerRateLimit: record.rateLimit,
        rateLimit: method?.rateLimit,
        cacheControl: method?.cacheControl ?? record.cacheControl,
        etag: method?.etag ?? record.etag,
        idempotent: method?.idempotent ?? (record.idempotent && { ...record.idempotent, fromController: true }),
        webhook: method?.webhook,
        version,
        deprecated,
        auth: auth ?? record.auth ?? byDefault,
        paginated: method?.paginated,
      });
    }
  }
  return definitions;
}
