import type { ClassTransformOptions } from 'class-transformer';
import type { ValidatorOptions } from 'class-validator';
import { compose, type Handler } from '../routing/compose';
import { RouteContext } from '../core/context';
import { createErrorHandler, type ErrorHook, type ErrorResponder } from '../errors/error-handler';
import type { ErrorFormatter, HttpError } from '../errors/http-error';
import { clientError, malformedPathError } from '../errors/client-error';
import { invoker, type ResponseContractMode } from './invoker';
import { pathnameOf } from '../core/path';
import { answerOptions } from '../responses/preflight';
import { toResponse } from '../core/response';
import { withoutBody } from '../responses/without-body';
import type { RouteDefinition } from '../routing/route-definitions';
import { TrieRouter } from '../routing/trie-router';
import { serializingResponder } from '../responses/serialize';
import type { RoutableRoute, RouterOutcome } from '../routing/router';
import type { VersioningOptions } from '../routing/versioning';
import type { Middleware } from '../types';
import { loadStepModules, routeSteps, type RouteSteps, type StepModules, type StepSettings } from './route-steps';
import { warnAboutShadowedRoutes } from './shadowed-routes';
import { publishJobs } from '../jobs/registry';

/** What `createApplication` checked and built, for the dispatcher. */
export interface DispatchSettings extends StepSettings {
  /** The application's basePath: which application a shadowed-route warning belongs to. */
  basePath: string;
  /** Every route in matching order, each with its controller's instance. */
  routes: readonly { definition: RouteDefinition; instance: object }[];
  bodyLimit: number;
  bodyDepthLimit: number;
  validation: ValidatorOptions;
  serialize: boolean | ClassTransformOptions;
  responseContract?: ResponseContractMode;
  formatError?: ErrorFormatter;
  onError?: ErrorHook;
  /** Set: the dispatcher is `versioned.ts`'s. */
  versioning?: VersioningOptions;
}

/** Answers one request of the application. */
export type Dispatch = (request: Request) => Promise<Response>;

/** What the router and the dispatcher read of a route: a small object of one shape, not a copy of the definition. */
export interface CompiledRoute extends RoutableRoute {
  definition: RouteDefinition;
  middleware: RouteDefinition['middleware'];
  run: Handler;
}

export type Miss = Exclude<RouterOutcome<CompiledRoute>, { kind: 'found' }>;

/** Wraps a deprecated route's chain so that its responses carry the deprecation headers (deprecation.ts). */
export type Deprecate = (run: Handler, deprecation: NonNullable<RouteDefinition['deprecated']>, fail: ErrorResponder) => Handler;

/**
 * The application's dispatcher, a chunk of its own that `createApplication` starts loading when it is called (importing
 * the library stays small): the routes compiled into the trie router with an invoker each, a warning for every route an
 * earlier one shadows, and the answers to misses. `globalMiddleware` is read on the first request, when every chain is
 * composed once.
 */
export function createDispatcher(settings: DispatchSettings, globalMiddleware: readonly Middleware[]): Dispatch | Promise<Dispatch> {
  return withSteps(settings, (steps) =>
    withDeprecations(settings, (deprecate) => routerDispatch(settings, compileRoutes(settings, steps), globalMiddleware, steps, deprecate)),
  );
}

/**
 * Builds the dispatcher with the steps the production options ask for (CSRF checks, rate limits, HTTP caching and
 * tracing, `route-steps.ts`): their chunks load first, and only when asked for.
 */
export function withSteps(settings: DispatchSettings, build: (steps: RouteSteps) => Dispatch | Promise<Dispatch>): Dispatch | Promise<Dispatch> {
  const errorHandler = createErrorHandler({ formatError: settings.formatError, onError: settings.onError });
  const modules = loadStepModules(settings);
  const built = (loaded: StepModules) => {
    const steps = routeSteps(settings, loaded, errorHandler);
    const dispatch = build(steps);
    publishJobsOf(settings, loaded);
    const { jobs } = loaded;
    return jobs ? (dispatch instanceof Promise ? dispatch.then((made) => jobs.route(made, steps.fail)) : jobs.route(dispatch, steps.fail)) : dispatch;
  };
  return modules instanceof Promise ? modules.then(built) : built(modules);
}

/**
 * Hands next-app-controllers/jobs (`startJobs`, a durable `sendWebhook`) the application's jobs, through a registry on
 * `globalThis` (jobs/registry.ts, which jobs/runtime.ts's `jobsOf` reads): the jobs built here, or for an application
 * with no queue and no schedule what building them on demand needs (the in-process queue, when a durable `sendWebhook`
 * names it).
 */
function publishJobsOf(settings: DispatchSettings, { jobs, tracing }: StepModules): void {
  const application = settings.application;
  if (!application) return;
  const { basePath, routes, controllers, log } = settings;
  publishJobs(application, jobs ?? { settings: { basePath, routes, controllers, log }, tracing });
}

/**
 * One router of `routes` and the dispatch through it. With URI versioning (`versioned.ts`), the routes are compiled at
 * the paths they are served at, and `notFound` makes the 404s.
 */
export function routerDispatch(
  settings: DispatchSettings,
  routes: CompiledRoute[],
  globalMiddleware: readonly Middleware[],
  steps: RouteSteps,
  deprecate?: Deprecate,
  notFound?: (request: Request) => HttpError,
): Dispatch {
  const { fail } = steps;
  const router = new TrieRouter<CompiledRoute>();
  for (const route of routes) router.add(route);
  router.compile();
  warnAboutShadowedRoutes([{ router, routes }], settings.basePath);
  const missChain = missChains(globalMiddleware, fail, () => router, notFound);
  return singleRouterDispatch(router, missChain, freezer(routes, globalMiddleware, steps, deprecate), steps);
}

/** A function of its own: the closure it returns keeps only what answering needs, not the building's scope. */
function singleRouterDispatch(router: TrieRouter<CompiledRoute>, missChain: (miss: Miss) => Handler, freeze: () => void, steps: RouteSteps): Dispatch {
  const { fail, requestId, identify, done } = steps;
  // Middleware is composed once, on the first request (app.use() refuses more after it).
  let frozen = false;
  return async function handle(request: Request): Promise<Response> {
    if (!frozen) {
      frozen = true;
      freeze();
    }
    const method = request.method;
    const started = done === undefined ? 0 : performance.now();
    const outcome = router.match(method, pathnameOf(request.url));
    const context = new RouteContext(request, outcome.kind === 'found' ? outcome.params : {}, requestId(request));
    let response: Response;
    try {
      // A handler that answered synchronously is not awaited: a microtask less for most requests.
      const answer = outcome.kind === 'found' ? outcome.route.run(context) : missChain(outcome)(context);
      response = answer instanceof Response ? answer : await answer;
    } catch (error) {
      // A chain without middleware is the bare handler (one async frame less per request): its throws land here.
      response = await fail(error, context);
    }
    if (identify !== undefined) response = identify(response, context);
    if (done !== undefined) done(context, response, started, outcome.kind === 'found' ? outcome.route.definition : undefined);
    return method === 'HEAD' ? withoutBody(response) : response;
  };
}

/**
 * Builds the dispatcher with the deprecation wrapper when a route is `@Deprecated`: deprecation.ts is a
 * chunk of its own, loaded only then.
 */
export function withDeprecations(settings: DispatchSettings, build: (deprecate?: Deprecate) => Dispatch): Dispatch | Promise<Dispatch> {
  if (!settings.routes.some(({ definition }) => definition.deprecated)) return build();
  return import('./deprecation').then((module) => build(module.deprecate));
}

/** Each route with its invoker, in matching order. */
export function compileRoutes(settings: DispatchSettings, steps: RouteSteps): CompiledRoute[] {
  const { fail, responder, trace, pages } = steps;
  const { bodyLimit, bodyDepthLimit, validation, serialize, responseContract } = settings;
  const respond = serialize === false ? toResponse : serializingResponder(serialize === true ? undefined : serialize);
  // Not `{ ...definition, run }`: V8 gave most such copies a hidden class of their own (193 for 200 routes, and their
  // 21 properties out of the object), ~150 KB held for the application's life.
  return settings.routes.map(
    ({ definition, instance }): CompiledRoute => ({
      order: definition.order,
      method: definition.method,
      segments: definition.segments,
      middleware: definition.middleware,
      definition,
      run: steps.around(definition, invoker(definition, instance, { bodyLimit, bodyDepthLimit, validation, fail, respond, responseContract, serialize, responder, trace, pages })),
    }),
  );
}

/**
 * The chains that answer misses: answered, not thrown (building and unwinding an Error doubled their cost), through
 * the same global chain as routes. One chain per Allow value: a handful per application. `routerOf` gives the router
 * that missed (an OPTIONS request asks it for the route middleware of the method a preflight names); `notFound`
 * replaces the 404's error.
 */
export function missChains(
  globalMiddleware: readonly Middleware[],
  fail: ErrorResponder,
  routerOf: (request: Request) => TrieRouter<CompiledRoute>,
  notFound?: (request: Request) => HttpError,
): (miss: Miss) => Handler {
  const chains = new Map<string, Handler>();
  const routeMiddleware = (request: Request, method: string) => {
    const outcome = routerOf(request).match(method, pathnameOf(request.url));
    return outcome.kind === 'found' ? outcome.route.middleware : undefined;
  };
  const answerMiss = (miss: Miss): Handler => {
    if (miss.kind === 'malformed-path') {
      return (context) => fail(malformedPathError(pathnameOf(context.request.url)), context);
    }
    if (miss.kind === 'not-found') {
      return (context) => fail(notFound ? notFound(context.request) : clientError(404, `Cannot ${context.request.method} ${pathnameOf(context.request.url)}`), context);
    }
    const headers = { allow: miss.allow };
    return (context) => {
      const { method, url } = context.request;
      if (method === 'OPTIONS') return answerOptions(context, miss.allow, (asked) => routeMiddleware(context.request, asked), fail);
      return fail(clientError(405, `Cannot ${method} ${pathnameOf(url)}`, { headers }), context);
    };
  };
  return (miss) => {
    const key = miss.kind === 'method-not-allowed' ? miss.allow : miss.kind;
    let chain = chains.get(key);
    if (!chain) chains.set(key, (chain = compose(globalMiddleware, answerMiss(miss), fail)));
    return chain;
  };
}

/**
 * Composes every route's chain once (global middleware, the CSRF check, then the route's middleware: `steps.chain`), a
 * deprecated route's inside its wrapper.
 */
export function freezer(routes: readonly CompiledRoute[], globalMiddleware: readonly Middleware[], steps: RouteSteps, deprecate?: Deprecate): () => void {
  return () => {
    for (const route of routes) {
      route.run = steps.chain(route.definition, globalMiddleware, route.middleware, route.run);
      const deprecated = route.definition.deprecated;
      if (deprecate && deprecated) route.run = deprecate(route.run, deprecated, steps.fail);
    }
  };
}
