import { Redis } from 'ioredis';
import { memoryStore, redisStore } from 'next-app-controllers';

/**
 * Where rate-limit counts are kept: in Redis when EXAMPLE_REDIS_URL names one, so that every instance of the app
 * shares one count; else in this process. Redis not answering within EXAMPLE_REDIS_TIMEOUT ms (500 by default): the
 * request goes on, and onError (console.error here) hears of it.
 */
export function rateLimitStore() {
  const url = process.env.EXAMPLE_REDIS_URL;
  if (!url) return memoryStore();
  const timeout = Number(process.env.EXAMPLE_REDIS_TIMEOUT ?? 500);
  const client = new Redis(url);
  // ioredis reconnects by itself; the store reports each request it could not count.
  client.on('error', () => {});
  return redisStore(client, { timeout });
}
