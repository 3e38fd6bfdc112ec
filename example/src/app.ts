import { createApplication } from 'next-app-controllers';
import { OrdersController } from './features/orders/controller';
import { PostsController } from './features/posts/controller';
import { SystemController } from './features/system/controller';
import { formatError } from './lib/error-format';
import { responseTime } from './lib/middleware';

export const app = createApplication({
  controllers: [PostsController, OrdersController, SystemController],
  formatError,
});

app.use(responseTime);
