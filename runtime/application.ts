import type { ClassTransformOptions } from 'class-transformer';
import type { ValidatorOptions } from 'class-validator';
import type { Dispatch, DispatchSettings } from './dispatch/dispatch';
import type { ErrorHook } from './errors/error-handler';
import type { ErrorFormatter } from './errors/http-error';
import type { ResponseContractMode } from './dispatch/invoker';
import type { CsrfOptions } from './guards/csrf';
import type { ApplicationAuthOptions } from './metadata/auth-schemes';
import { checkAuth } from './auth/check';
import type { RequestLogger } from './logging/logger';
import type { JobQueue } from './jobs/queue';
import { memoryStore, type ApplicationRateLimitOptions, type ApplicationStore, type MemoryStore, type RedisStore } from './metadata/limits';
import { lazy, type Lazy } from './core/lazy';
import { joinPaths } from './core/path';
import { registerApplication } from './openapi/registry';
import { buildRouteDefinitions, type RouteDefinition } from './routing/route-definitions';
import { checkVersioning, type VersioningOptions } from './routing/versioning';
import { assertParamsDtosMatchRoutes } from './routing/params-dto';
import { loadedValidationStorage } from './dto/loaded-storage';
import { HTTP_METHODS, type Class, type HttpMethod, type Middleware } from './types';

/** The options of {@link createApplication}: the controllers, and the settings every route shares. */
export interface ApplicationOptions {
  /** Controller classes, in matching order. A controller is reachable only when listed here. */
  controllers: Class[];
  /** Prefix of every route path. Default `/api`. */
  basePath?: string;
  /** Largest request body `@Body` reads, in bytes. Default 1 MiB. */
  bodyLimit?: number;
  /** Deepest nesting of objects and arrays `@Body` accepts (the body itself is level 1); deeper is a 400. Default 64. */
  bodyDepthLimit?: number;
  /** class-validator options for every DTO (`@Body`, `@Form`, `@Query`, `@Params`, `@Headers`), e.g. `{ whitelist: true, forbidNonWhitelisted: true }`. */
  validation?: ValidatorOptions;
  /**
   * Turns every error answer (400, 404, 405, 413, 415, 422, every HttpError, 500) into a Response, or into a value
   * sent as JSON with `error.status` and `error.headers`. Default: `{ success: false, statusCode, message }`.
   * `problemDetails` is a ready one for RFC 9457.
   */
  formatError?: ErrorFormatter;
  /**
   * A handler's class instances (returned, or held in plain objects and arrays) go through class-transformer's
   * `instanceToPlain`, so `@Exclude`/`@Expose`/`@Transform` decide what is sent. Options here are passed to it (e.g.
   * `{ groups: ['admin'] }`); `false` sends every result with JSON.stringify as it is. Default `true`.
   */
  serialize?: boolean | ClassTransformOptions;
  /**
   * What a value a handler returns goes through when an `@ApiResponse({ status, type })` declares its status: `'strip'`
   * (the default) sends exactly the DTO's documented properties, recursively, and drops every other; `'validate'` also
   * validates the result and answers a mismatch with a 500 (`onError` gets a ResponseContractError with the route and
   * the failing fields); `'off'` sends the value as it is (after `serialize`).
   */
  responseContract?: ResponseContractMode;
  /** Called with every unexpected error (a throw that is not an HttpError, a `formatError` that threw). Default: console.error. */
  onError?: ErrorHook;
  /**
   * Cross-site request forgery protection, on by default: a POST with a form, `text/plain` or no body from a page on
   * another origin (its `Origin` is not this app's host, or it says `Sec-Fetch-Site: cross-site`) is answered 403
   * before anything reads it. `origins` allows more (`['https://app.example.com']`); `trustForwardedHost` takes the
   * `X-Forwarded-Host` your proxy sets as the app's host too; `false` turns the check off. Routes taking a JSON `@Body`
   * need none (a form is a 415 there).
   */
  csrf?: false | CsrfOptions;
  /**
   * A limit on every route, each client's requests counted together (`{ limit, window }`, window in milliseconds), its
   * `key`, and the `store` of every count (`@RateLimit` too): `memoryStore()` by default, `redisStore(client)` to share
   * counts between instances. Over the limit: 429 with `Retry-After` and the `RateLimit` headers.
   */
  rateLimit?: ApplicationRateLimitOptions;
  /**
   * Where the application keeps what it counts and remembers: rate-limit counts (unless `rateLimit.store` names
   * another), idempotency keys and webhook deliveries. `memoryStore()` by default (this process only);
   * `redisStore(client)` shares them between instances; or your own {@link ApplicationStore}.
   */
  store?: MemoryStore | RedisStore | ApplicationStore;
  /** A strong ETag of the body on GET routes' 200 answers, and 304 Not Modified for a matching `If-None-Match`. Default false (`@ETag()` per route). */
  etag?: boolean;
  /**
   * OpenTelemetry: names the request's span after the route (`GET /api/posts/:id`, with `http.route`) and adds spans for
   * the middleware, the validation, the handler and the response contract. Needs `@opentelemetry/api` installed and a
   * tracer provider registered (instrumentation.ts); without them it does nothing.
   */
  tracing?: boolean;
  /**
   * One line per request, written after its response by a logger with pino's shape (`pino()`): method, route
   * template, status, duration, request id, principal id when authenticated, the number of field errors; a 5xx with
   * its error. Never a body, a header's value or the query. Default: nothing is logged.
   */
  log?: RequestLogger;
  /**
   * Every answer carries `X-Request-Id` (the request's sane incoming id, the trace's id, or a new one), the id its error
   * body, log line and trace name. `false` sends no `X-Request-Id` header: the id is still in every error body the
   * library writes, the log and the trace (and `context.requestId`), and an answer skips the header's cost (reading the
   * incoming one and setting it, ~0.3–0.45 µs: Node's fetch checks every character of a header). Default `true`.
   */
  requestId?: boolean;
  /**
   * API versions, named by the path (`{ type: 'uri' }`: `/api/v2/posts`), a header (`{ type: 'header', header:
   * 'X-API-Version' }`) or `Accept` (`{ type: 'media-type' }`: `application/json; version=2`); routes choose theirs
   * with `@Version`. Default: none, and `@Version` is an error.
   */
  versioning?: VersioningOptions;
  /**
   * Authentication: the `schemes` routes use (`@Auth`), the `default` every route without `@Auth`/`@Public` needs,
   * and the limit on `failures` per client address. 401 and 403 go through `formatError`.
   */
  auth?: ApplicationAuthOptions;
  /**
   * The queue of the application's jobs (`next-app-controllers/jobs`): durable webhook deliveries and `@Scheduled`
   * methods. `memoryQueue()` (this process only, lost on restart) by default, `bullmqQueue({ connection })` on Redis.
   */
  queue?: JobQueue;
}

/** One handler of the catch-all route file (`GET`, `POST`, …, from {@link Application.handlers}): a Request in, its Response out. */
export type RouteHandler = (request: Request) => Promise<Response>;

/**
 * What {@link createApplication} returns: the route file's handlers, `handle` and `fetch` to answer requests in the
 * process (no server needed, e.g. in tests), `use` for global middleware, and the route table.
 */
export interface Application {
  /** The prefix of every route path (the `basePath` option, default `/api`). */
  readonly basePath: string;
  /** Every route in matching order, as the OpenAPI generator reads them. */
  readonly routes: readonly RouteDefinition[];
  /** The `formatError` option, as the OpenAPI generator reads it. */
  readonly formatError?: ErrorFormatter;
  /** The `csrf` option, as the OpenAPI generator reads it. */
  readonly csrf?: false | CsrfOptions;
  /** The `rateLimit` option, as the OpenAPI generator reads it. */
  readonly rateLimit?: ApplicationRateLimitOptions;
  /** The `etag` option, as the OpenAPI generator reads it. */
  readonly etag?: boolean;
  /** The `versioning` option. */
  readonly versioning?: VersioningOptions;
  /** The `auth` option, as the OpenAPI generator and `testAuth` read it. */
  readonly auth?: ApplicationAuthOptions;
  /** Answers one request. Usable without a server: `await app.handle(new Request('http://x/api/posts'))`. */
  handle(request: Request): Promise<Response>;
  /**
   * A `fetch` answered by `app.handle` in this process (middleware, validation and `formatError` apply as over HTTP):
   * a URL, a string (relative ones resolve against `http://localhost`) or a Request. Bound: pass it as `{ fetch: app.fetch }`.
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Route-file exports: `export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = app.handlers;` */
  readonly handlers: Readonly<Record<HttpMethod, RouteHandler>>;
  /** Global middleware, run before controller and route middleware, for every request (unmatched ones too). */
  use(...middleware: Middleware[]): Application;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Levels of nested objects and arrays `@Body` accepts; the body itself is level 1. */
const DEFAULT_BODY_DEPTH_LIMIT = 64;

/**
 * The dispatcher (router, invokers, misses) is a chunk of its own, loaded from here on: compiled ahead of the first
 * request, which waits for it only if it comes at once. A failure (an option its chunks refuse) is printed at once,
 * as the module that creates the application loads, and each request that awaits it fails with it.
 * Made outside createApplication, whose closures live as long as the application: once the dispatcher is built, the
 * settings (every route with its controller) are held by nothing else.
 */
function loadDispatcher(settings: DispatchSettings, globalMiddleware: readonly Middleware[]): Lazy<Dispatch> {
  // A versioned application's dispatcher is a chunk of its own, which an application without versioning never loads.
  const dispatcher = lazy(() =>
    settings.versioning
      ? import('./dispatch/versioned').then((module) => module.createVersionedDispatcher(settings, globalMiddleware))
      : import('./dispatch/dispatch').then((module) => module.createDispatcher(settings, globalMiddleware)),
  );
  dispatcher.load().catch((error: unknown) => console.error('next-app-controllers: the application cannot answer requests:', error));
  return dispatcher;
}

/**
 * Creates the application from its controllers: checks the options (a TypeError or RangeError names the one that is
 * wrong), turns the controllers' decorators into the route table once, constructs each controller once with no
 * constructor arguments, and starts loading the dispatcher; a request that comes before it has loaded waits for it.
 * Export its {@link Application.handlers} from the catch-all route file.
 */
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
  if (options.formatError !== undefined && typeof options.formatError !== 'function') {
    throw new TypeError(`createApplication: formatError must be a function (error, context) => Response | value, got ${typeof options.formatError}.`);
  }
  const validation: ValidatorOptions = { forbidUnknownValues: true, ...options.validation, validationError: { target: false, value: false } };
  const versioning = options.versioning && checkVersioning(options.versioning);
  const auth = options.auth;
  const definitions = buildRouteDefinitions(options.controllers, basePath, versioning, auth?.default);
  assertParamsDtosMatchRoutes(definitions, loadedValidationStorage());
  checkAuth(auth, definitions);
  if (options.requestId !== undefined && typeof options.requestId !== 'boolean') {
    throw new TypeError(`createApplication: requestId must be true or false, got ${typeof options.requestId}.`);
  }
  const serialize = options.serialize ?? true;
  if (typeof serialize !== 'boolean' && (typeof serialize !== 'object' || serialize === null)) {
    throw new TypeError(`createApplication: serialize must be true, false or class-transformer options, got ${serialize === null ? 'null' : typeof serialize}.`);
  }
  // Checked by the chunks that use them, loaded with the dispatcher (dispatch/route-steps.ts): importing the library stays small.
  const { csrf, rateLimit, etag, tracing } = options;
  const store = options.store ?? memoryStore();
  const responseContract = options.responseContract;
  if (![undefined, 'strip', 'validate', 'off'].includes(responseContract)) {
    throw new TypeError(`createApplication: responseContract must be 'strip', 'validate' or 'off', got ${JSON.stringify(responseContract)}.`);
  }
  // Controllers are constructed here, so that a constructor that throws fails createApplication, not a request.
  const instances = new Map<Class, object>();
  const routes = definitions.map((definition) => {
    let instance = instances.get(definition.controller);
    if (!instance) instances.set(definition.controller, (instance = new definition.controller() as object));
    return { definition, instance };
  });
  const settings: DispatchSettings = {
    basePath,
    routes,
    bodyLimit,
    bodyDepthLimit,
    validation,
    serialize,
    responseContract,
    formatError: options.formatError,
    onError: options.onError,
    csrf,
    rateLimit,
    store,
    etag,
    tracing,
    log: options.log,
    requestId: options.requestId,
    versioning,
    auth,
    queue: options.queue,
    controllers: options.controllers,
  };
  const globalMiddleware: Middleware[] = [];
  let frozen = false;

  const dispatcher = loadDispatcher(settings, globalMiddleware);

  function handle(request: Request): Promise<Response> {
    frozen = true;
    const dispatch = dispatcher.value;
    return dispatch ? dispatch(request) : dispatcher.load().then((loaded) => loaded(request));
  }

  const handlers = Object.fromEntries(HTTP_METHODS.map((method) => [method, (request: Request) => handle(request)])) as Record<HttpMethod, RouteHandler>;

  const application: Application = {
    basePath,
    routes: definitions,
    formatError: options.formatError,
    csrf,
    rateLimit,
    etag,
    versioning,
    auth,
    handle,
    // The request is made in a chunk loaded on the first call: importing the library stays small.
    fetch: async (input, init) => handle((await import('./dispatch/in-process-request')).inProcessRequest(input, init)),
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
  // The jobs (a chunk, loaded by the dispatcher of an application with a queue or a schedule) are found by the application.
  settings.application = application;
  registerApplication(application);
  return application;
}
