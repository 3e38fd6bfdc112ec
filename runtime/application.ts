import type { ValidatorOptions } from 'class-validator';
import { readJsonObject } from './body';
import { assertBodyDepth, DEFAULT_BODY_DEPTH_LIMIT } from './body-depth';
import { compose, type Handler } from './compose';
import { RouteContext } from './context';
import { errorResponse, errorToResponse, type ErrorHook } from './error-handler';
import { joinPaths, pathnameOf } from './path';
import { registerApplication } from './registry';
import { empty, toResponse, withoutBody } from './response';
import { buildRouteDefinitions, type RouteDefinition } from './route-definitions';
import { TrieRouter } from './router/trie-router';
import { HTTP_METHODS, type Class, type HttpMethod, type Middleware } from './types';
import { toValidDto } from './validation';

export interface ApplicationOptions {
  /** Controller classes, in matching order. A controller is reachable only when listed here. */
  controllers: Class[];
  /** Prefix of every route path. Default `/api`. */
  basePath?: string;
  /** Largest request body `@Body` reads, in bytes. Default 1 MiB. */
  bodyLimit?: number;
  /** Deepest nesting of objects and arrays `@Body` accepts (the body itself is level 1); deeper is a 400. Default 64. */
  bodyDepthLimit?: number;
  /** class-validator options for every `@Body`, e.g. `{ whitelist: true, forbidNonWhitelisted: true }`. */
  validation?: ValidatorOptions;
  /** Called with every unexpected error (answered 500). Default: console.error. */
  onError?: ErrorHook;
}

export type RouteHandler = (request: Request) => Promise<Response>;

export interface Application {
  readonly basePath: string;
  /** Every route in matching order, as the OpenAPI generator reads them. */
  readonly routes: readonly RouteDefinition[];
  /** Answers one request. Usable without a server: `await app.handle(new Request('http://x/api/posts'))`. */
  handle(request: Request): Promise<Response>;
  /** Route-file exports: `export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = app.handlers;` */
  readonly handlers: Readonly<Record<HttpMethod, RouteHandler>>;
  /** Global middleware, run before controller and route middleware, for every request (unmatched ones too). */
  use(...middleware: Middleware[]): Application;
}

interface BodyLimits {
  bodyLimit: number;
  bodyDepthLimit: number;
}

interface CompiledRoute extends RouteDefinition {
  run: Handler;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;

export function createApplication(options: ApplicationOptions): Application {
  if (!options || !Array.isArray(options.controllers)) {
    throw new TypeError('createApplication({ controllers }) needs an array of controller classes, e.g. { controllers: [PostsController] }.');
  }
  const basePath = joinPaths(options.basePath ?? '/api');
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  if (!(bodyLimit > 0)) throw new RangeError(`createApplication: bodyLimit must be a positive number of bytes, got ${bodyLimit}.`);
  const bodyDepthLimit = options.bodyDepthLimit ?? DEFAULT_BODY_DEPTH_LIMIT;
  if (!Number.isInteger(bodyDepthLimit) || bodyDepthLimit < 1 || bodyDepthLimit > 1000) {
    throw new RangeError(`createApplication: bodyDepthLimit must be a whole number of levels from 1 to 1000, got ${bodyDepthLimit}.`);
  }
  const validation: ValidatorOptions = { forbidUnknownValues: true, ...options.validation, validationError: { target: false, value: false } };
  const definitions = buildRouteDefinitions(options.controllers, basePath);
  const globalMiddleware: Middleware[] = [];
  let frozen = false;

  const router = new TrieRouter<CompiledRoute>();
  const instances = new Map<Class, object>();
  const routes = definitions.map((definition): CompiledRoute => {
    let instance = instances.get(definition.controller);
    if (!instance) {
      instance = new definition.controller() as object;
      instances.set(definition.controller, instance);
    }
    return { ...definition, run: invoker(definition, instance, { bodyLimit, bodyDepthLimit }, validation) };
  });
  for (const route of routes) router.add(route);
  router.compile();
  warnAboutShadowedRoutes(router, routes);

  let fallback: Handler = answerUnmatched;
  const recover = (error: unknown, context: RouteContext) => errorToResponse(error, context.request, options.onError);
  // Middleware is composed once, on the first request; registering more after that would silently skip routes.
  const freeze = () => {
    frozen = true;
    for (const route of routes) route.run = compose([...globalMiddleware, ...route.middleware], route.run, recover);
    fallback = compose(globalMiddleware, answerUnmatched, recover);
  };

  async function answerUnmatched(context: RouteContext): Promise<Response> {
    const { method } = context.request;
    const path = pathnameOf(context.request.url);
    const allowed = allowedMethods(router, path);
    // Answered, not thrown: a miss is an ordinary outcome of matching, and building an Error doubled its cost.
    if (allowed.length === 0) return errorResponse(404, `Cannot ${method} ${path}`);
    if (method === 'OPTIONS') return empty(204, { allow: allowed.join(', ') });
    return errorResponse(405, `Cannot ${method} ${path}`, { allow: allowed.join(', ') });
  }

  async function handle(request: Request): Promise<Response> {
    if (!frozen) freeze();
    const method = request.method;
    try {
      const path = pathnameOf(request.url);
      let match = router.match(method, path);
      if (match === null && method === 'HEAD') match = router.match('GET', path);
      const context = new RouteContext(request, match === null ? {} : match.params);
      const response = await (match === null ? fallback(context) : match.route.run(context));
      return method === 'HEAD' ? withoutBody(response) : response;
    } catch (error) {
      const response = await errorToResponse(error, request, options.onError);
      return method === 'HEAD' ? withoutBody(response) : response;
    }
  }

  const handlers = Object.fromEntries(HTTP_METHODS.map((method) => [method, (request: Request) => handle(request)])) as Record<HttpMethod, RouteHandler>;

  const application: Application = {
    basePath,
    routes: definitions,
    handle,
    handlers: Object.freeze(handlers),
    use(...middleware) {
      if (frozen) {
        throw new Error('app.use() was called after the first request was handled. Register global middleware right after createApplication().');
      }
      for (const fn of middleware) {
        if (typeof fn !== 'function') throw new TypeError(`app.use() takes middleware functions, got ${typeof fn}.`);
      }
      globalMiddleware.push(...middleware);
      return application;
    },
  };
  registerApplication(application);
  return application;
}

function invoker(definition: RouteDefinition, instance: object, limits: BodyLimits, validation: ValidatorOptions): Handler {
  const method = (instance as Record<string, (...args: unknown[]) => unknown>)[definition.propertyKey];
  const { body, query, httpCode } = definition;
  const arity = Math.max(method.length, body ? body.index + 1 : 0, query ? query.index + 1 : 0, 1);
  if (!body && !query && arity === 1) {
    return async (context) => toResponse(await method.call(instance, context), httpCode);
  }
  return async (context) => {
    const args: unknown[] = new Array(arity).fill(context);
    if (body) {
      const plain = await readJsonObject(context.request, limits.bodyLimit);
      assertBodyDepth(plain, limits.bodyDepthLimit);
      const dto = await toValidDto(body.dto, plain, validation);
      if (dto instanceof Response) return dto;
      args[body.index] = dto;
    }
    if (query) {
      const dto = await toValidDto(query.dto, queryObject(context.query), validation);
      if (dto instanceof Response) return dto;
      args[query.index] = dto;
    }
    return toResponse(await method.apply(instance, args), httpCode);
  };
}

/** The query string as a plain object: one key, one string; a repeated key, an array of its strings. */
function queryObject(search: URLSearchParams): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    plain[key] = values.length === 1 ? values[0] : values;
  }
  return plain;
}

/** Methods with a route for this path, for `Allow`: HEAD wherever GET is, OPTIONS always. */
function allowedMethods(router: TrieRouter<CompiledRoute>, path: string): string[] {
  const found = HTTP_METHODS.filter((method) => router.match(method, path) !== null);
  if (found.length === 0) return [];
  const allowed = new Set<string>(found);
  if (allowed.has('GET')) allowed.add('HEAD');
  allowed.add('OPTIONS');
  return HTTP_METHODS.filter((method) => allowed.has(method));
}

function warnAboutShadowedRoutes(router: TrieRouter<CompiledRoute>, routes: readonly CompiledRoute[]): void {
  for (const route of routes) {
    const earlier = router.shadowing(route);
    if (earlier) {
      console.warn(
        `next-app-controllers: ${describe(route)} can never match: ${describe(earlier)} is declared earlier and matches ` +
          'every request it would. Declare the more specific route first.',
      );
    }
  }
}

function describe(route: RouteDefinition): string {
  return `${route.method === 'ALL' ? 'ALL' : route.method} ${route.path} (${route.controller.name}.${route.propertyKey})`;
}
