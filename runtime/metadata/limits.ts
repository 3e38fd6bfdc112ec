import type { RouteContext } from '../core/context';

// What importing the library holds of rate limiting: the options' types and check, and the two stores' factories,
// which only record their options. Counting, and the stores' code, are in guards/rate-limit.ts, a chunk the
// dispatcher of an application that limits something loads.

/** `@RateLimit(options)`: at most `limit` requests per `window` milliseconds from one client (one `key`). */
export interface RateLimitOptions {
  /** Requests a client may make in one window. */
  limit: number;
  /** The window, in milliseconds (`60_000`: a minute). */
  window: number;
  /**
   * Who is counted: a string per client, from the request's context (`context.state.user.id` put there by an auth
   * middleware, an API key). Default: the application's `rateLimit.key`, else the client's address (the last entry of
   * `X-Forwarded-For`), which is also what counts when the key gives `undefined` (no signed-in user).
   */
  key?: (context: RouteContext) => string | undefined | Promise<string | undefined>;
}

/** `createApplication({ rateLimit })`: a limit on every route (each client's requests counted together), and the store. */
export interface ApplicationRateLimitOptions extends Partial<RateLimitOptions> {
  /** Where counts are kept: `memoryStore()` (the default: this process only), `redisStore(client)` (shared), or your own. */
  store?: MemoryStore | RedisStore | RateLimitStore;
}

/** One request counted against one quota. */
export interface RateLimitHit {
  key: string;
  /** The quota's window, in milliseconds. */
  window: number;
}

/** A quota's count once the request is counted: its requests in the current window, and milliseconds until it ends. */
export interface RateLimitCount {
  count: number;
  reset: number;
}

/**
 * Where rate-limit counts are kept. `hit` counts one request against every quota given (a route can have up to three:
 * the application's, its controller's and its own) in one step, atomically, and answers each one's count.
 */
export interface RateLimitStore {
  /** Counts one request against each of `hits` and answers their counts, in the same order. */
  hit(hits: readonly RateLimitHit[]): RateLimitCount[] | Promise<RateLimitCount[]>;
}

/**
 * The application's store (`createApplication({ store })`): rate-limit counts (`hit`), and short-lived values that
 * idempotency keys and webhook deliveries are remembered by. Values are strings, `ttl` is in milliseconds; every
 * method may answer synchronously or with a promise. `memoryStore()` and `redisStore(client)` are two; yours must
 * make `add` atomic (one instance wins when several add the same key at once).
 */
export interface ApplicationStore extends RateLimitStore {
  /** Sets `key` to `value` for `ttl` ms unless it holds a value: true when this call set it. */
  add(key: string, value: string, ttl: number): boolean | Promise<boolean>;
  /** The value of `key`, or undefined when it has none (or it expired). */
  get(key: string): string | undefined | Promise<string | undefined>;
  /** Sets `key` to `value` for `ttl` ms, whatever it held. */
  set(key: string, value: string, ttl: number): void | Promise<void>;
  /** Removes `key`'s value. */
  delete(key: string): void | Promise<void>;
}

/** The options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /** Most clients counted at once; past it, the oldest windows are dropped. Default 100,000. */
  maxKeys?: number;
}

/** The options of {@link redisStore}. */
export interface RedisStoreOptions {
  /** Longest wait for Redis, in milliseconds: past it the request goes on unlimited and `onError` hears of it. Default 500. */
  timeout?: number;
  /** Prefix of every key the store writes: rate-limit counts at `prefix + key` (default `nac:rl:`), values at `prefix + key` (default `nac:`). */
  prefix?: string;
}

/**
 * The client a `redisStore` takes: an ioredis client (`new Redis(url)`) or a node-redis one (`createClient()` after
 * `connect()`), connected by you. The store runs one Lua script per request on it.
 */
export type RedisClient =
  | {
      /** ioredis: runs one command. */
      call(command: string, ...args: (string | number)[]): Promise<unknown>;
    }
  | {
      /** node-redis: runs one command. */
      sendCommand(args: string[]): Promise<unknown>;
    };

/** `memoryStore(options)`: built by the rate limiter when it loads (guards/memory-store.ts). */
export interface MemoryStore {
  readonly memory: MemoryStoreOptions;
}

/** `redisStore(client, options)`: built by the rate limiter when it loads (guards/redis-store.ts). */
export interface RedisStore {
  readonly redis: RedisClient;
  readonly options?: RedisStoreOptions;
}

/**
 * Counts and values in this process's memory (the default): right for one instance; each instance of a scaled app
 * counts and remembers on its own.
 */
export function memoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  return { memory: options };
}

/**
 * Counts and values in Redis, shared by every instance that uses the same Redis: one atomic Lua script per limited
 * request, `SET NX PX` for what idempotency and webhook de-duplication remember.
 */
export function redisStore(client: RedisClient, options?: RedisStoreOptions): RedisStore {
  return { redis: client, options };
}
