import { cors, createApplication } from 'next-app-controllers';
import { AuthorsV1Controller, AuthorsV2Controller } from './features/authors/controller';
import { NotesController } from './features/notes/controller';
import { OrdersController } from './features/orders/controller';
import { PostsController } from './features/posts/controller';
import { ReportsController } from './features/reports/controller';
import { StreamsController } from './features/streams/controller';
import { SystemController } from './features/system/controller';
import { UsersController } from './features/users/controller';
import { corsOptions } from './lib/cors-options';
import { formatError } from './lib/error-format';
import { apiKeyScheme } from './lib/schemes';
import { responseTime } from './lib/middleware';
import { rateLimitStore } from './lib/rate-limit-store';

// URI versioning: /api/v1/authors and /api/v2/authors (features/authors). The other controllers have no @Version
// and there is no defaultVersion, so every version shares them at their paths without a version (/api/posts).
export const app = createApplication({
  controllers: [PostsController, OrdersController, UsersController, SystemController, StreamsController, AuthorsV2Controller, AuthorsV1Controller, ReportsController, NotesController],
  // The schemes of the authenticated routes (features/reports); the other routes stay public.
  auth: { schemes: [apiKeyScheme] },
  formatError,
  // Spans named after the routes (GET /api/posts/:id) when src/instrumentation.ts registers a tracer provider.
  tracing: true,
  // The store of the @RateLimit counts (GET /api/system/limited): Redis when EXAMPLE_REDIS_URL is set.
  rateLimit: { store: rateLimitStore() },
  versioning: { type: 'uri' },
});

// A frontend on another origin may call the API (lib/cors-options.ts): cors answers its preflights and marks the
// answers, errors and unmatched routes included.
app.use(cors(corsOptions), responseTime);
