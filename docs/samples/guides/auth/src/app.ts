import { cors, createApplication } from 'next-app-controllers';
import { PostsController } from './features/posts/controller';
import { cookieSession, jwt, serviceKey } from './lib/schemes';

// #region app
export const app = createApplication({
  controllers: [PostsController],
  auth: {
    schemes: [jwt, serviceKey, cookieSession],
    // Every route without @Auth or @Public needs a token: secure by default.
    default: jwt,
  },
});
// Global middleware runs before authentication: cors() answers preflights, which carry no credentials.
app.use(cors({ origin: ['https://app.example.com'], credentials: true }));
// #endregion app
