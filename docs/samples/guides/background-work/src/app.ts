import { OrdersController } from './features/orders';
import { ReportsController } from './features/reports';
// #region app
import { Redis } from 'ioredis';
import { createApplication } from 'next-app-controllers';
import { bullmqQueue } from 'next-app-controllers/jobs';

export const app = createApplication({
  controllers: [OrdersController, ReportsController],
  queue: bullmqQueue({
    // BullMQ needs maxRetriesPerRequest: null on the connection its worker uses; lazyConnect: next build evaluates
    // this module, and must not open a connection.
    connection: new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null, lazyConnect: true }),
    // The secrets a delivery may have been signed with: every instance can deliver any queued webhook.
    webhookSecrets: () => [process.env.WEBHOOK_SECRET!],
  }),
});
// #endregion app
