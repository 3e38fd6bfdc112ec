import type { HttpCaching } from '../caching/http-caching';
import type { RouteContext } from '../core/context';
import { compose, type Handler } from '../routing/compose';
import type { ErrorHook, ErrorResponder } from '../errors/error-handler';
import { csrfCheck, type CsrfOptions } from '../guards/csrf';
import { forActions } from './action-hook';
import { requestIdOf, withRequestId } from './request-id';
import type { ApplicationRateLimitOptions, ApplicationStore, MemoryStore, RedisStore } from '../metadata/limits';
import type { RouteResponder } from '../responses/route-responder';
import type { RouteDefinition } from '../routing/route-definitions';
import type { RequestLog } from '../logging/request-log';
import type { RequestLogger } from '../logging/logger';
import type { ApplicationAuthOptions } from '../metadata/auth-schemes';
import type { PageSteps } from '../pagination/page-steps';
import type { InvokerTrace } from '../tracing/hooks';
import type { Authenticate } from '../auth/enforce';
import type { Tracing } from '../tracing/spans';
import type { Class, Middleware } from '../types';
import type { JobQueue } from '../jobs/queue';
import type { JobsRuntime } from '../jobs/runtime';
import { scheduledRecords } from '../metadata/scheduled';

/** The production options of `createApplication`, and the routes they apply to. */
export interface StepSettings {
  basePath: string;
  routes: readonly { definition: RouteDefinition }[];
  csrf?: false | CsrfOptions;
  rateLimit?: ApplicationRateLimitOptions;
  /** The application's store (`createApplication({ store })`), built by the chunks that use it (guards/store.ts). */
  store?: MemoryStore | RedisStore | ApplicationStore;
  etag?: boolean;
  tracing?: boolean;
  /** Largest body `@Body` reads: idempotency reads no more to compare payloads. */
  bodyLimit?: number;
  /** `createApplication({ log })`: one line per request (logging/request-log.ts, a chunk). */
  log?: RequestLogger;
  onError?: ErrorHook;
  auth?: ApplicationAuthOptions;
  /** `createApplication({ requestId: false })`: no answer carries `X-Request-Id` (error bodies, the log and traces keep the id). */
  requestId?: boolean;
  /** `createApplication({ queue })`, the controllers (with their `@Scheduled` methods) and the application: its jobs. */
  queue?: JobQueue;
  controllers?: readonly Class[];
  application?: object;
}

/** The chunks an application's options need: tracing, the rate limiter, HTTP caching. */
export interface StepModules {
  tracing?: Tracing;
  rateLimiter?: typeof import('../guards/rate-limit').rateLimiter;
  httpCaching?: HttpCaching;
  authenticator?: (fail: ErrorResponder) => Authenticate;
  pages?: PageSteps;
  requestLog?: RequestLog;
  idempotency?: typeof import('../idempotency/idempotency').idempotency;
  webhooks?: typeof import('../webhooks/verify').webhooks;
  jobs?: JobsRuntime;
}

/**
 * Loads what the options and the routes' decorators ask for, before the dispatcher is built (each is a chunk of its
 * own); nothing, and no promise, for an application that uses none of them.
 */
export function loadStepModules(settings: StepSettings): StepModules | Promise<StepModules> {
  const definitions = settings.routes.map(({ definition }) => definition);
  const limits = settings.rateLimit !== undefined || definitions.some((definition) => definition.rateLimit ?? definition.controllerRateLimit);
  const caching = settings.etag === true || definitions.some((definition) => definition.cacheControl !== undefined || definition.etag);
  const auth = definitions.some((definition) => definition.auth);
  const paginated = definitions.some((definition) => definition.paginated);
  const idempotent = definitions.some((definition) => definition.idempotent !== undefined);
  const webhook = definitions.some((definition) => definition.webhook !== undefined);
  const jobs = settings.queue !== undefined || settings.controllers?.some((controller) => scheduledRecords().has(controller)) === true;
  if (!settings.tracing && !limits && !caching && !auth && !paginated && !idempotent && !webhook && !jobs && settings.log === undefined) return {};
  const tracing = settings.tracing ? import('../tracing/spans').then((module) => module.loadTracing()) : undefined;
  return Promise.all([
    // The jobs' runs in spans of their own when tracing is on: the same tracing as the routes'.
    jobs ? Promise.all([import('../jobs/runtime'), tracing]).then(([module, traced]) => module.attachJobs(settings as never, traced)) : undefined,
    webhook ? import('../webhooks/verify').then((module) => module.webhooks) : undefined,
    idempotent ? import('../idempotency/idempotency').then((module) => module.idempotency) : undefined,
    settings.log !== undefined ? import('../logging/request-log').then((module) => module.requestLog(settings.log!)) : undefined,
    tracing,
    limits ? import('../guards/rate-limit').then((module) => module.rateLimiter) : undefined,
    caching ? import('../caching/http-caching').then((module) => module.httpCaching(settings.etag === true)) : undefined,
    auth ? import('../auth/enforce').then((module) => module.loadAuthenticator(settings)) : undefined,
    paginated ? import('../pagination/page-steps').then((module) => module.pageSteps(definitions)) : undefined,
  ]).then(([jobs, webhooks, idempotency, requestLog, tracing, rateLimiter, httpCaching, authenticator, pages]) => ({ jobs, webhooks, idempotency, requestLog, tracing, rateLimiter, httpCaching, authenticator, pages }));
}

/** Where the production steps go in a route's answer. */
export interface RouteSteps {
  /** The application's error handler (recording unexpected errors on the active span when traced). */
  fail: ErrorResponder;
  /**
   * The request's id (dispatch/request-id.ts): the incoming sane `X-Request-Id`, the trace's id, or a new one; with
   * `requestId: false`, what makes it when the context's `requestId` is first read.
   */
  requestId(request: Request): string | ((request: Request) => string);
  /** The answer with its `X-Request-Id` header; undefined with `requestId: false` (no answer carries it). */
  identify?(response: Response, context: RouteContext): Response;
  /** With `log`: writes the request's line once it is answered; undefined without, so that it costs nothing. */
  done?: RequestLog['done'];
  /** For the invoker: the responder with ETags, and the spans of validation, handler and contract. */
  responder?: (definition: RouteDefinition, send: RouteResponder) => RouteResponder;
  trace?: InvokerTrace;
  /** For the invoker: the page fields and envelope of `@Paginated` routes. */
  pages?: PageSteps;
  /** Right around the invoker, after every middleware: the rate limits, `Cache-Control`, then idempotency keys. */
  around(definition: RouteDefinition, run: Handler): Handler;
  /**
   * The route's whole chain, composed on its first request: the global middleware, authentication (`@Auth`), the CSRF check, the route's
   * middleware, then `run`; behind tracing's naming of the request's span. Without CSRF check and tracing, the one
   * composition the dispatcher has always made.
   */
  chain(definition: RouteDefinition, globalMiddleware: readonly Middleware[], middleware: readonly Middleware[], run: Handler): Handler;
}

export function routeSteps(settings: StepSettings, modules: StepModules, errorHandler: ErrorResponder): RouteSteps {
  const { tracing, rateLimiter, httpCaching, requestLog, idempotency, webhooks, pages } = modules;
  const traced = tracing ? tracing.fail(errorHandler) : errorHandler;
  // A Server Action's request (next-app-controllers/actions) takes its error first: Next's navigation errors never
  // reach the log, the span or formatError.
  const fail = forActions(requestLog ? requestLog.fail(traced) : traced);
  const traceId = tracing?.traceId;
  const idOf = traceId ? (request: Request) => requestIdOf(request, traceId) : requestIdOf;
  const csrf = csrfCheck(settings.csrf, fail);
  const authenticate = modules.authenticator?.(fail);
  const limit = rateLimiter?.({ basePath: settings.basePath, rateLimit: settings.rateLimit, store: settings.store, fail, onError: settings.onError });
  const idempotent = idempotency?.({ store: settings.store, bodyLimit: settings.bodyLimit ?? 1024 * 1024, fail });
  const verified = webhooks?.({ store: settings.store, bodyLimit: settings.bodyLimit ?? 1024 * 1024, fail });
  return {
    fail,
    requestId: settings.requestId === false ? () => idOf : idOf,
    identify: settings.requestId === false ? undefined : withRequestId,
    done: requestLog?.done,
    responder: httpCaching?.etag,
    trace: tracing?.invoker,
    pages,
    around(definition, run) {
      const kept = idempotent ? idempotent(definition, run) : run;
      const signed = verified ? verified(definition, kept) : kept;
      const cached = httpCaching ? httpCaching.cacheControl(definition, signed) : signed;
      return limit ? limit(definition, cached) : cached;
    },
    chain(definition, globalMiddleware, middleware, run) {
      // Authentication and authorization first, after the global middleware (cors() answers preflights): then the
      // CSRF check, the route's middleware and `run`.
      const routeChain = compose(middleware, run, fail);
      const checked = csrf?.(definition, routeChain);
      const guarded = authenticate?.(definition, checked ?? routeChain) ?? checked;
      const chained = guarded ? compose(globalMiddleware, guarded, fail) : compose([...globalMiddleware, ...middleware], run, fail);
      return tracing ? tracing.route(definition, chained, globalMiddleware.length + middleware.length > 0) : chained;
    },
  };
}
