import { createApplication } from 'next-app-controllers';
import { OrdersController } from './features/orders/controller';
import { PostsController } from './features/posts/controller';
import { SystemController } from './features/system/controller';
import { responseTime } from './lib/middleware';

export const app = createApplication({
  controllers: [PostsController, OrdersController, SystemController],
});

app.use(responseTime);
