import { CatalogueController, PostsController } from './features/posts';
// #region app
import { Redis } from 'ioredis';
import { createApplication, redisStore } from 'next-app-controllers';

export const app = createApplication({
  controllers: [PostsController, CatalogueController],
  tracing: true, // spans named after the routes (needs @opentelemetry/api and instrumentation.ts)
  etag: true, // ETags on every GET route (@ETag(false) turns one off)
  rateLimit: {
    limit: 1_000, // every route, each client's requests counted together
    window: 60_000,
    // One count for every instance of the app; without a store, each process counts on its own.
    store: redisStore(new Redis(process.env.REDIS_URL!), { timeout: 500 }),
  },
  csrf: { origins: ['https://admin.example.com'] }, // on by default; this also lets that site post forms
});
// #endregion app
