import type { ApplicationStore, MemoryStoreOptions, RateLimitCount, RateLimitHit } from '../metadata/limits';

/** How often windows that have ended are dropped, at most: the sweep walks every key. */
const SWEEP_EVERY = 10_000;

/**
 * Counts and values in Maps. Fixed windows counted in a Map (`memoryStore()`, and the default store): a window starts with a key's first request
 * and lasts `window` ms. Synchronous, so a limited route costs a Map lookup, not a promise. Windows that have ended are
 * dropped every 10 s at most; past `maxKeys` keys, the window that started first is dropped for each new one. Values (`add`, `get`, `set`,
 * `delete`) live in a Map of their own, swept and bounded the same way.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const maxKeys = options.maxKeys ?? 100_000;
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError(`memoryStore({ maxKeys }) takes a whole number above 0, got ${maxKeys}.`);
  const windows = new Map<string, { count: number; end: number }>();
  // Values (idempotency keys, webhook deliveries) apart from counts: a count and a value never share a key.
  const values = new Map<string, { value: string; end: number }>();
  let nextSweep = 0;
  const live = (key: string, now: number) => {
    const entry = values.get(key);
    if (entry === undefined) return undefined;
    if (entry.end > now) return entry;
    values.delete(key);
    return undefined;
  };
  const put = (key: string, value: string, ttl: number, now: number) => {
    checkTtl(ttl);
    values.delete(key);
    values.set(key, { value, end: now + ttl });
    if (values.size > maxKeys) values.delete(values.keys().next().value!);
  };
  /** One request counted against `key`'s window at `now`: the window itself (its count and end), not a copy. */
  const count = (key: string, window: number, now: number) => {
    let entry = windows.get(key);
    if (entry === undefined || entry.end <= now) {
      // Deleted first, so that the Map's order stays the order windows started in: the oldest are evicted first.
      windows.delete(key);
      windows.set(key, (entry = { count: 0, end: now + window }));
      if (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
    }
    entry.count += 1;
    return entry;
  };
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    for (const [key, entry] of windows) if (entry.end <= now) windows.delete(key);
    for (const [key, entry] of values) if (entry.end <= now) values.delete(key);
    nextSweep = now + SWEEP_EVERY;
  };
  const store: MemoryStore = {
    hit(hits: readonly RateLimitHit[]): RateLimitCount[] {
      const now = Date.now();
      sweep(now);
      const counts: RateLimitCount[] = new Array(hits.length);
      for (let i = 0; i < hits.length; i++) {
        const entry = count(hits[i].key, hits[i].window, now);
        counts[i] = { count: entry.count, reset: entry.end - now };
      }
      return counts;
    },
    countOne(key, window, now) {
      sweep(now);
      return count(key, window, now);
    },
    add(key, value, ttl) {
      const now = Date.now();
      sweep(now);
      if (live(key, now) !== undefined) return false;
      put(key, value, ttl, now);
      return true;
    },
    get(key) {
      return live(key, Date.now())?.value;
    },
    set(key, value, ttl) {
      const now = Date.now();
      sweep(now);
      put(key, value, ttl, now);
    },
    delete(key) {
      values.delete(key);
    },
  };
  return store;
}

/** The memory store as the rate limiter reads it: `countOne` counts one quota without the arrays `hit` takes and gives. */
export interface MemoryStore extends ApplicationStore {
  countOne(key: string, window: number, now: number): { readonly count: number; readonly end: number };
  add(key: string, value: string, ttl: number): boolean;
  get(key: string): string | undefined;
  set(key: string, value: string, ttl: number): void;
  delete(key: string): void;
}

/** A value's life, in milliseconds: a whole number above 0 (Redis's PX refuses anything else). */
export function checkTtl(ttl: number): void {
  if (!Number.isInteger(ttl) || ttl < 1) throw new RangeError(`A store's ttl is a whole number of milliseconds above 0, got ${ttl}.`);
}
