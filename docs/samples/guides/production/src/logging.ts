import { createApplication, redisStore } from 'next-app-controllers';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { PostsController } from './features/posts';
import { OrdersController } from './features/orders';

// #region log
// One JSON line per request, after its response: method, route template, status, durationMs, requestId, the number
// of field errors of a 422; a 5xx with its error as err. Never a body, a header's value or the query.
export const app = createApplication({
  controllers: [PostsController, OrdersController],
  log: pino(),
});
// #endregion log

// #region store
// Rate limits, idempotency keys and webhook deliveries in one Redis, shared by every instance.
export const shared = createApplication({
  controllers: [PostsController, OrdersController],
  store: redisStore(new Redis(process.env.REDIS_URL!)),
});
// #endregion store
