import type { MemoryStoreOptions, RateLimitCount, RateLimitHit, RateLimitStore } from './limits';

/** How often windows that have ended are dropped, at most: the sweep walks every key. */
const SWEEP_EVERY = 10_000;

/**
 * Fixed windows counted in a Map (`memoryStore()`, and the default store): a window starts with a key's first request
 * and lasts `window` ms. Synchronous, so a limited route costs a Map lookup, not a promise. Windows that have ended are
 * dropped every 10 s at most; past `maxKeys` keys, the window that started first is dropped for each new one.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const maxKeys = options.maxKeys ?? 100_000;
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError(`memoryStore({ maxKeys }) takes a whole number above 0, got ${maxKeys}.`);
  const windows = new Map<string, { count: number; end: number }>();
  let nextSweep = 0;
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
  };
  return store;
}

/** The memory store as the rate limiter reads it: `countOne` counts one quota without the arrays `hit` takes and gives. */
export interface MemoryStore extends RateLimitStore {
  countOne(key: string, window: number, now: number): { readonly count: number; readonly end: number };
}
