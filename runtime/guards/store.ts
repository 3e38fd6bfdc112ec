import type { ApplicationStore, MemoryStore, RateLimitStore, RedisStore } from '../metadata/limits';
import { createMemoryStore } from './memory-store';
import { createRedisStore } from './redis-store';

// Built once per descriptor: two applications given the same `memoryStore()` share one Map, and an application's
// rate limits, idempotency keys and webhook deliveries share one store.
const built = new WeakMap<object, ApplicationStore>();

/**
 * The store `createApplication({ store })` names (shared by the chunks that use one: the rate limiter, idempotency,
 * webhooks): `memoryStore()`'s and `redisStore()`'s built here, yours used as it is. `createApplication` gives each
 * application without one a `memoryStore()` of its own.
 */
export function applicationStore(store: MemoryStore | RedisStore | ApplicationStore | undefined): ApplicationStore {
  if (store === undefined) return createMemoryStore();
  const known = built.get(store);
  if (known !== undefined) return known;
  const made = buildStore(store);
  if (['add', 'get', 'set', 'delete'].some((method) => typeof (made as unknown as Record<string, unknown>)[method] !== 'function')) {
    throw new TypeError('createApplication({ store }) takes memoryStore(), redisStore(client) or an object with hit, add, get, set and delete.');
  }
  built.set(store, made as ApplicationStore);
  return made as ApplicationStore;
}

/** `memoryStore()`'s or `redisStore()`'s store, built once; any other object as it is. */
export function buildStore(store: MemoryStore | RedisStore | RateLimitStore): RateLimitStore {
  if (typeof store !== 'object' || store === null) return store;
  const known = built.get(store);
  if (known !== undefined) return known;
  if ('memory' in store) {
    const made = createMemoryStore(store.memory);
    built.set(store, made);
    return made;
  }
  if ('redis' in store) {
    const made = createRedisStore(store.redis, store.options);
    built.set(store, made);
    return made;
  }
  return store;
}
