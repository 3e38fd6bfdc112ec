import type { ClassTransformOptions } from 'class-transformer';
import type { ValidatorOptions } from 'class-validator';
import { compose, type Handler } from '../compose';
import { RouteContext } from '../context';
import { createErrorHandler, type ErrorHook } from '../errors/error-handler';
import { clientError, malformedPathError, type ErrorFormatter } from '../errors/http-error';
import { invoker, type ResponseContractMode } from './invoker';
import { pathnameOf } from '../routing/path';
import { answerOptions } from '../responses/preflight';
import { toResponse, withoutBody } from '../responses/response';
import type { RouteDefinition } from '../routing/route-definitions';
import { TrieRouter } from '../routing/trie-router';
import { serializingResponder } from '../responses/serialize';
import type { RoutableRoute, RouterOutcome } from '../routing/router';
import type { Middleware } from '../types';
import { warnAboutShadowedRoutes } from './shadowed-routes';
import { loadStepModules, routeSteps, type StepModules, type StepSettings } from './route-steps';

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
}

/** Answers one request of the application. */
export type Dispatch = (request: Request) => Promise<Response>;

/** What the router and the dispatcher read of a route: a small object of one shape, not a copy of the definition. */
interface CompiledRoute extends RoutableRoute {
  definition: RouteDefinition;
  middleware: RouteDefinition['middleware'];
  run: Handler;
}

type Miss = Exclude<RouterOutcome<CompiledRoute>, { kind: 'found' }>;

/**
 * The application's dispatcher, a chunk of its own that `createApplication` starts loading when it is called (importing
 * the library stays small): the routes compiled into the trie router with an invoker each, a warning for every route an
 * earlier one shadows, and the answers to misses. `globalMiddleware` is read on the first request, when every chain is
 * composed once.
 */
export function createDispatcher(settings: DispatchSettings, globalMiddleware: readonly Middleware[]): Dispatch | Promise<Dispatch> {
  // CSRF checks, rate limits, HTTP caching and tracing (./route-steps.ts): their chunks load first when the options ask for them.
  const modules = loadStepModules(settings);
  return modules instanceof Promise ? modules.then((loaded) => dispatcher(settings, globalMiddleware, loaded)) : dispatcher(settings, globalMiddleware, modules);
}

function dispatcher(settings: DispatchSettings, globalMiddleware: readonly Middleware[], modules: StepModules): Dispatch {
  const { bodyLimit, bodyDepthLimit, validation, serialize, responseContract } = settings;
  const respond = serialize === false ? toResponse : serializingResponder(serialize === true ? undefined : serialize);
  const steps = routeSteps(settings, modules, createErrorHandler({ formatError: settings.formatError, onError: settings.onError }));
  const { fail, responder, trace } = steps;
  const router = new TrieRouter<CompiledRoute>();
  // Not `{ ...definition, run }`: V8 gave most such copies a hidden class of their own (193 for 200 routes, and their
  // 21 properties out of the object), ~150 KB held for the application's life.
  const routes = settings.routes.map(
    ({ definition, instance }): CompiledRoute => ({
      order: definition.order,
      method: definition.method,
      segments: definition.segments,
      middleware: definition.middleware,
      definition,
      run: steps.around(definition, invoker(definition, instance, { bodyLimit, bodyDepthLimit, validation, fail, respond, responseContract, serialize, responder, trace })),
    }),
  );
  for (const route of routes) router.add(route);
  router.compile();
  warnAboutShadowedRoutes(router, routes, settings.basePath);

  // Misses are answered, not thrown (building and unwinding an Error doubled their cost), through the same global
  // chain as routes. One chain per Allow value: a handful per application.
  const missChains = new Map<string, Handler>();
  const missChain = (miss: Miss): Handler => {
    const key = miss.kind === 'method-not-allowed' ? miss.allow : miss.kind;
    let chain = missChains.get(key);
    if (!chain) missChains.set(key, (chain = compose(globalMiddleware, answerMiss(miss), fail)));
    return chain;
  };
  const answerMiss = (miss: Miss): Handler => {
    if (miss.kind === 'malformed-path') {
      return (context) => fail(malformedPathError(pathnameOf(context.request.url)), context);
    }
    if (miss.kind === 'not-found') {
      return (context) => fail(clientError(404, `Cannot ${context.request.method} ${pathnameOf(context.request.url)}`), context);
    }
    const headers = { allow: miss.allow };
    return (context) => {
      const { method, url } = context.request;
      if (method === 'OPTIONS') return answerOptions(context, miss.allow, (asked) => routeMiddleware(asked, url), fail);
      return fail(clientError(405, `Cannot ${method} ${pathnameOf(url)}`, { headers }), context);
    };
  };

  const routeMiddleware = (method: string, url: string) => {
    const outcome = router.match(method, pathnameOf(url));
    return outcome.kind === 'found' ? outcome.route.middleware : undefined;
  };

  // Middleware is composed once, on the first request (app.use() refuses more after it).
  let frozen = false;
  const freeze = () => {
    frozen = true;
    for (const route of routes) route.run = steps.chain(route.definition, globalMiddleware, route.middleware, route.run);
  };

  return async function handle(request: Request): Promise<Response> {
    if (!frozen) freeze();
    const method = request.method;
    const outcome = router.match(method, pathnameOf(request.url));
    const context = new RouteContext(request, outcome.kind === 'found' ? outcome.params : {});
    let response: Response;
    try {
      // A handler that answered synchronously is not awaited: a microtask less for most requests.
      const answer = outcome.kind === 'found' ? outcome.route.run(context) : missChain(outcome)(context);
      response = answer instanceof Response ? answer : await answer;
    } catch (error) {
      // A chain without middleware is the bare handler (one async frame less per request): its throws land here.
      response = await fail(error, context);
    }
    return method === 'HEAD' ? withoutBody(response) : response;
  };
}
