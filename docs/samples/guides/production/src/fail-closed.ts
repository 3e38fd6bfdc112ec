import { Redis } from 'ioredis';
import { createApplication, redisStore } from 'next-app-controllers';
import { PostsController } from './features/posts';

// #region closed
// Redis away: refuse with a 503 instead of serving unlimited.
export const app = createApplication({
  controllers: [PostsController],
  rateLimit: { limit: 100, window: 60_000, store: redisStore(new Redis(process.env.REDIS_URL!)) },
  onError(error, request) {
    console.error(`${request.method} ${request.url}:`, error);
    if ((error as Error).name === 'RateLimitStoreError') return new Response('Try again shortly', { status: 503, headers: { 'retry-after': '5' } });
  },
});
// #endregion closed
