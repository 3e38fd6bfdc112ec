import type { MemoryStoreOptions, RateLimitCount, RateLimitHit, RateLimitStore } from './limits';

/** How often windows that have ended are dropped, at most: the sweep walks every key. */
const SWEEP_EVERY = 10_000;

/**
 * Fixed windows counted in a Map (`memoryStore()`, and the default store): a window starts with a key's first request
 * and lasts `window` ms. Synchronous, so a limited route costs a Map lookup, not a promise. Windows that have ended are
 * dropped every 10 s at most; past `maxKeys` keys, the window that started first is dropped for each new one.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? 100_000;
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError(`memoryStore({ maxKeys }) takes a whole number above 0, got ${maxKeys}.`);
  const windows = new Map<string, { count: number; end: number }>();
  let nextSweep = 0;
  return {
    hit(hits: readonly RateLimitHit[]): RateLimitCount[] {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [key, entry] of windows) if (entry.end <= now) windows.delete(key);
        nextSweep = now + SWEEP_EVERY;
      }
      return hits.map(({ key, window }) => {
        let entry = windows.get(key);
        if (entry === undefined || entry.end <= now) {
          // Deleted first, so that the Map's order stays the order windows started in: the oldest are evicted first.
          windows.delete(key);
          windows.set(key, (entry = { count: 0, end: now + window }));
          if (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
        }
        entry.count += 1;
        return { count: entry.count, reset: entry.end - now };
      });
    },
  };
}
