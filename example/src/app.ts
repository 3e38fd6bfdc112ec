import { cors, createApplication } from 'next-app-controllers';
import { OrdersController } from './features/orders/controller';
import { PostsController } from './features/posts/controller';
import { StreamsController } from './features/streams/controller';
import { SystemController } from './features/system/controller';
import { UsersController } from './features/users/controller';
import { formatError } from './lib/error-format';
import { responseTime } from './lib/middleware';

export const app = createApplication({
  controllers: [PostsController, OrdersController, UsersController, SystemController, StreamsController],
  formatError,
});

// A frontend on another origin (EXAMPLE_CORS_ORIGINS, comma-separated; default a dev server on port 3001) may call
// the API: cors answers its preflights and marks the answers, errors and unmatched routes included.
const corsOrigins = (process.env.EXAMPLE_CORS_ORIGINS ?? 'http://localhost:3001').split(',');
app.use(cors({ origin: corsOrigins, allowHeaders: ['content-type', 'x-api-key'], exposeHeaders: ['x-response-time'] }), responseTime);
