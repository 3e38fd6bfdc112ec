import type { Handler } from '../routing/compose';
import type { RouteContext } from '../core/context';
import type { ErrorHook, ErrorResponder } from '../errors/error-handler';
import { clientError } from '../errors/client-error';
import type { RouteDefinition } from '../routing/route-definitions';
import { clientAddress } from './client-address';
import { authenticatedOf } from '../metadata/authenticated';
import type { ApplicationRateLimitOptions, RateLimitCount, RateLimitHit, RateLimitOptions, RateLimitStore } from '../metadata/limits';
import type { ApplicationStore, MemoryStore as MemoryStoreDescriptor, RedisStore } from '../metadata/limits';
import type { MemoryStore } from './memory-store';
import { applicationStore, buildStore } from './store';

/** What the rate limiter reads of the application. */
export interface RateLimitSettings {
  basePath: string;
  rateLimit?: ApplicationRateLimitOptions;
  /** The application's store (`createApplication({ store })`): the counts' unless `rateLimit.store` names one. */
  store?: MemoryStoreDescriptor | RedisStore | ApplicationStore;
  fail: ErrorResponder;
  onError?: ErrorHook;
}

/**
 * A store that failed or did not answer in time: `onError` gets it, and the request goes on unlimited. A type only
 * (the class is in the rate limiter's chunk): tell it by its `name`; `cause` is what the store threw.
 */
export interface RateLimitStoreError extends Error {
  readonly name: 'RateLimitStoreError';
}

/** The class behind {@link RateLimitStoreError}. */
class StoreFailure extends Error implements RateLimitStoreError {
  override readonly name = 'RateLimitStoreError';
}

type Key = (context: RouteContext) => string | undefined | Promise<string | undefined>;

/** One quota a route counts against: `app`, `controller` or `route` (its name in the RateLimit fields). */
interface Policy {
  name: string;
  /** The store key's suffix: which count this is. */
  scope: string;
  limit: number;
  window: number;
  key?: Key;
}

/**
 * The rate limiter (a chunk, loaded by the dispatcher of an application that limits something): per route, the
 * route's handler behind its quotas, or the handler itself for a route without any. Each request is counted against
 * the application's limit, its controller's and its own (one store call for all of them), after the middleware has
 * run (so `key` can read what an auth middleware put on `context.state`) and before the inputs are read. Over one:
 * 429 through the error format, with `Retry-After`. The 429 and every answer once a client has used more than half of
 * a quota carry `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers: `"route";q=5;w=60` and
 * `"route";r=2;t=60`; the draft lets a server send them only near exhaustion, 6.2). A store that fails
 * or does not answer in time (redisStore's `timeout`) lets the request through and goes to `onError` (fail open);
 * `onError` returning a Response sends that instead (fail closed).
 */
export function rateLimiter(settings: RateLimitSettings): (definition: RouteDefinition, run: Handler) => Handler {
  const { rateLimit: app, fail, basePath } = settings;
  if (app !== undefined) checkRateLimit(app, 'createApplication({ rateLimit })', true);
  const store = app?.store !== undefined ? storeOf(app.store) : applicationStore(settings.store);
  const memory = typeof (store as Partial<MemoryStore>).countOne === 'function' ? (store as MemoryStore) : undefined;
  const defaultKey: Key = app?.key ?? principalOrAddress;
  const appPolicy = app?.limit !== undefined ? policy('app', `app ${basePath}`, app as RateLimitOptions) : undefined;
  const report = settings.onError ?? logStoreError;
  // A controller's routes share one count: its index among the controllers names it (class names may be minified).
  const controllers = new Map<Function, number>();
  // Routes counting the same quotas share their clients' keys (clientKeys): every route, with the application's limit alone.
  const keyCaches = new Map<string, (client: string) => string[]>();
  const sharedClientKeys = (policies: readonly Policy[]) => {
    const scopes = policies.map((entry) => entry.scope).join('\n');
    let keysOf = keyCaches.get(scopes);
    if (keysOf === undefined) keyCaches.set(scopes, (keysOf = clientKeys(policies.map((entry) => `}:${entry.scope}`))));
    return keysOf;
  };

  return (definition, run) => {
    if (!controllers.has(definition.controller)) controllers.set(definition.controller, controllers.size);
    const { controllerRateLimit, rateLimit } = definition;
    const policies = [
      appPolicy,
      controllerRateLimit && policy('controller', `controller ${controllers.get(definition.controller)} ${definition.controller.name}`, controllerRateLimit, `${definition.controller.name}: @RateLimit`),
      rateLimit && policy('route', `route ${definition.method} ${definition.path}`, rateLimit, `${definition.controller.name}.${definition.propertyKey}: @RateLimit`),
    ].filter((entry): entry is Policy => entry !== undefined);
    if (policies.length === 0) return run;
    const policyField = policies.map(({ name, limit, window }) => `"${name}";q=${limit};w=${Math.ceil(window / 1000)}`).join(', ');

    const decide = (context: RouteContext, counts: RateLimitCount[]): Response | Promise<Response> => {
      let retryAfter = 0;
      let near = false;
      for (let i = 0; i < policies.length; i++) {
        const { count, reset } = counts[i];
        const { limit } = policies[i];
        if (count > limit) retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil(reset / 1000)));
        else if (count * 2 > limit) near = true;
      }
      // Most requests are far from every limit: they go on without the fields (two header writes less).
      if (retryAfter === 0 && !near) return run(context);
      let field = '';
      for (let i = 0; i < policies.length; i++) {
        const { count, reset } = counts[i];
        field += `${i === 0 ? '' : ', '}"${policies[i].name}";r=${Math.max(0, policies[i].limit - count)};t=${Math.max(1, Math.ceil(reset / 1000))}`;
      }
      const headers: Record<string, string> = { 'ratelimit-policy': policyField, ratelimit: field };
      if (retryAfter === 0) return withFields(run(context), headers);
      headers['retry-after'] = String(retryAfter);
      return withFields(fail(clientError(429, `Too many requests: try again in ${retryAfter} s`, { headers }), context), headers);
    };

    const storeFailed = (error: unknown, context: RouteContext): Response | Promise<Response> => {
      const failure = new StoreFailure(`The rate-limit store failed: ${String((error as Error)?.message ?? error)}; the request went on unlimited`, { cause: error });
      return Promise.resolve()
        .then(() => report(failure, context.request))
        .catch(() => undefined)
        .then((custom) => (custom instanceof Response ? custom : run(context)));
    };

    const count = (context: RouteContext, keys: (string | undefined)[]): Response | Promise<Response> => {
      if (memory !== undefined) {
        // The memory store, counted directly: no arrays of hits and counts per request.
        const now = Date.now();
        const counts: RateLimitCount[] = new Array(policies.length);
        for (let i = 0; i < policies.length; i++) {
          const entry = memory.countOne(`{${keys[i]}}:${policies[i].scope}`, policies[i].window, now);
          counts[i] = { count: entry.count, reset: entry.end - now };
        }
        return decide(context, counts);
      }
      const hits: RateLimitHit[] = new Array(policies.length);
      for (let i = 0; i < policies.length; i++) hits[i] = { key: `{${keys[i]}}:${policies[i].scope}`, window: policies[i].window };
      let counts: RateLimitCount[] | Promise<RateLimitCount[]>;
      try {
        counts = store.hit(hits);
      } catch (error) {
        return storeFailed(error, context);
      }
      return isThenable(counts) ? Promise.resolve(counts).then((settled) => decide(context, settled), (error: unknown) => storeFailed(error, context)) : decide(context, counts);
    };

    if (memory !== undefined && app?.key === undefined && policies.every((entry) => entry.key === undefined)) {
      // Every quota keyed by default in the memory store (the common case): the client's keys from a cache, counted
      // without arrays of keys and counts, and the counts handed to `decide` only when a client is near a limit.
      const clientKeysOf = sharedClientKeys(policies);
      // The windows counted, read synchronously right after: one array per route, not per request.
      const windows: { readonly count: number; readonly end: number }[] = new Array(policies.length);
      return (context) => {
        const keys = clientKeysOf(principalOrAddress(context));
        const now = Date.now();
        let near = false;
        for (let i = 0; i < policies.length; i++) {
          const entry = (windows[i] = memory.countOne(keys[i], policies[i].window, now));
          if (entry.count * 2 > policies[i].limit) near = true;
        }
        if (!near) return run(context);
        return decide(
          context,
          windows.map((entry) => ({ count: entry.count, reset: entry.end - now })),
        );
      };
    }

    return (context) => {
      const keys: (string | undefined | PromiseLike<string | undefined>)[] = new Array(policies.length);
      let pending = false;
      for (let i = 0; i < policies.length; i++) {
        const value = (policies[i].key ?? defaultKey)(context);
        if (isThenable(value)) pending = true;
        keys[i] = value;
      }
      if (!pending) return count(context, withDefault(keys as (string | undefined)[], context));
      return Promise.all(keys).then((settled) => count(context, withDefault(settled, context)));
    };
  };
}

/** Where counts go: the store `rateLimit.store` names, else the application's (`createApplication({ store })`). */
export function countStore(rateLimitStore: ApplicationRateLimitOptions['store'], store: RateLimitSettings['store']): RateLimitStore {
  return rateLimitStore !== undefined ? storeOf(rateLimitStore) : applicationStore(store);
}

/** The store `rateLimit.store` names: memoryStore()'s and redisStore()'s are built (once, store.ts), yours is used as it is. */
function storeOf(store: NonNullable<ApplicationRateLimitOptions['store']>): RateLimitStore {
  const made = buildStore(store);
  if (typeof made?.hit === 'function') return made;
  throw new TypeError('createApplication({ rateLimit: { store } }) takes memoryStore(), redisStore(client) or an object with hit(hits).');
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | undefined)?.then === 'function';
}

function policy(name: string, scope: string, options: RateLimitOptions, where = ''): Policy {
  if (where) checkRateLimit(options, where);
  const { limit, window, key } = options;
  return { name, scope, limit, window, key: key as Key | undefined };
}

/**
 * Throws, saying what to write, unless `options` is `{ limit, window, key? }`; the application's (`app`) may leave
 * both numbers out, to set only the key or the store of every `@RateLimit`.
 */
export function checkRateLimit(options: ApplicationRateLimitOptions | undefined, where: string, app?: boolean): void {
  const { limit, window, key } = options ?? {};
  const numbers = app && limit === undefined && window === undefined ? true : Number.isInteger(limit) && limit! > 0 && Number.isInteger(window) && window! > 0;
  if (typeof options !== 'object' || options === null || !numbers || (key !== undefined && typeof key !== 'function')) {
    throw new TypeError(
      `${where} takes { limit, window, key?${app ? ', store?' : ''} }: whole numbers of requests and of milliseconds, e.g. { limit: 100, window: 60_000 }, and a function of the RouteContext as key.`,
    );
  }
}

/** How many clients' keys one set of quotas keeps (clientKeys): past it, they are all forgotten at once. */
const CACHED_CLIENTS = 1000;

/**
 * A client's store keys (`{client}:scope`, one per quota), the same strings while the client keeps coming: a string
 * the memory store has looked up keeps its hash, where a new one is hashed again on every request (~0.1 µs).
 */
function clientKeys(suffixes: readonly string[]): (client: string) => string[] {
  const cache = new Map<string, string[]>();
  return (client) => {
    let keys = cache.get(client);
    if (keys === undefined) {
      if (cache.size >= CACHED_CLIENTS) cache.clear();
      keys = suffixes.map((suffix) => `{${client}${suffix}`);
      cache.set(client, keys);
    }
    return keys;
  };
}

/** The default key: the principal's (`sub`, `id`) when `@Auth` let the request in, else the client's address. */
function principalOrAddress(context: RouteContext): string {
  return authenticatedOf(context)?.key ?? clientAddress(context);
}

/** A `key` that answered nothing (no signed-in user) counts the client's address instead. */
function withDefault(keys: (string | undefined)[], context: RouteContext): (string | undefined)[] {
  for (let i = 0; i < keys.length; i++) if (typeof keys[i] !== 'string') keys[i] = clientAddress(context);
  return keys;
}

/** The RateLimit fields on the answer, whatever made it (a formatError's own Response too). */
function withFields(answer: Response | Promise<Response>, headers: Record<string, string>): Response | Promise<Response> {
  return answer instanceof Response ? setFields(answer, headers) : answer.then((response) => setFields(response, headers));
}

function setFields(response: Response, headers: Record<string, string>): Response {
  try {
    for (const name in headers) response.headers.set(name, headers[name]);
    return response;
  } catch {
    // Headers of a fetch() or Response.redirect() answer are immutable.
    const copy = new Response(response.body, response);
    for (const name in headers) copy.headers.set(name, headers[name]);
    return copy;
  }
}

function logStoreError(error: unknown, request: Request): void {
  console.error(`next-app-controllers: ${(error as Error).message} (${request.method} ${request.url}):`, (error as Error).cause);
}
