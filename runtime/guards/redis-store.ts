import type { ApplicationStore, RateLimitCount, RateLimitHit, RedisClient, RedisStoreOptions } from '../metadata/limits';
import { checkTtl } from './memory-store';

/**
 * One request counted against each of its quotas, atomically: INCR each key, and give a key its window (PEXPIRE) when
 * the INCR created it. Answers count and milliseconds left for each key, in order. Every instance runs the same script
 * on the same keys, so they share one exact count.
 */
export const COUNT_SCRIPT = `local result = {}
for i = 1, #KEYS do
  local count = redis.call('INCR', KEYS[i])
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < 0 then
    ttl = tonumber(ARGV[i])
    redis.call('PEXPIRE', KEYS[i], ttl)
  end
  result[2 * i - 1] = count
  result[2 * i] = ttl
end
return result`;

/** SHA-1 of COUNT_SCRIPT, for EVALSHA (test/runtime/rate-limit.test.ts checks it). */
export const COUNT_SCRIPT_SHA = '70bf5b6854723991ea68fab832ac846bee0137ae';

type Send = (args: string[]) => Promise<unknown>;

/**
 * `redisStore(client, options)`: counts and values (`SET NX PX`, `GET`, `SET PX`, `DEL`) in Redis through the user's ioredis or node-redis client. One EVALSHA per
 * request (an EVAL the first time Redis has not seen the script). Redis not answering within `timeout` ms rejects,
 * and the rate limiter lets the request through and tells `onError`: the wait is bounded whatever the client does
 * while it reconnects (both queue commands meanwhile).
 */
export function createRedisStore(client: RedisClient, options: RedisStoreOptions = {}): ApplicationStore {
  const timeout = options.timeout ?? 500;
  const prefix = options.prefix ?? 'nac:rl:';
  const valuePrefix = options.prefix ?? 'nac:';
  if (!(timeout > 0 && timeout < 2 ** 31)) throw new RangeError(`redisStore(client, { timeout }) takes milliseconds above 0, got ${timeout}.`);
  if (typeof prefix !== 'string') throw new TypeError('redisStore(client, { prefix }) takes a string.');
  const send = sender(client);
  return {
    hit(hits: readonly RateLimitHit[]): Promise<RateLimitCount[]> {
      const args = [String(hits.length), ...hits.map((hit) => prefix + hit.key), ...hits.map((hit) => String(hit.window))];
      return within(timeout, countWith(send, args)).then((reply) => {
        if (!Array.isArray(reply) || reply.length !== hits.length * 2) throw new Error(`Redis answered the rate-limit script with ${JSON.stringify(reply)}`);
        return hits.map((_, i) => ({ count: Number(reply[2 * i]), reset: Number(reply[2 * i + 1]) }));
      });
    },
    add(key, value, ttl) {
      checkTtl(ttl);
      return within(timeout, send(['SET', valuePrefix + key, value, 'PX', String(ttl), 'NX'])).then((reply) => reply === 'OK');
    },
    get(key) {
      return within(timeout, send(['GET', valuePrefix + key])).then((reply) => (reply === null || reply === undefined ? undefined : String(reply)));
    },
    set(key, value, ttl) {
      checkTtl(ttl);
      return within(timeout, send(['SET', valuePrefix + key, value, 'PX', String(ttl)])).then(() => undefined);
    },
    delete(key) {
      return within(timeout, send(['DEL', valuePrefix + key])).then(() => undefined);
    },
  };
}

async function countWith(send: Send, args: string[]): Promise<unknown> {
  try {
    return await send(['EVALSHA', COUNT_SCRIPT_SHA, ...args]);
  } catch (error) {
    if (!/NOSCRIPT/.test(String((error as Error)?.message ?? error))) throw error;
    return send(['EVAL', COUNT_SCRIPT, ...args]);
  }
}

/** How to send one command with the client: ioredis's `call`, node-redis's `sendCommand`. */
function sender(client: RedisClient): Send {
  const candidate = client as { call?: (...args: string[]) => Promise<unknown>; sendCommand?: (args: string[]) => Promise<unknown> };
  if (typeof candidate?.call === 'function') return (args) => candidate.call!(...args);
  if (typeof candidate?.sendCommand === 'function') return (args) => candidate.sendCommand!(args);
  throw new TypeError('redisStore(client) takes an ioredis client (new Redis(url)) or a node-redis one (createClient(), connected).');
}

/** `promise`, or a rejection once `ms` have passed without it settling. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  // A reply after the timeout is dropped, and so is a failure then.
  promise.catch(() => {});
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
