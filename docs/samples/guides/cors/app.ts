import { PostsController } from './posts';
// #region app
import { cors, createApplication } from 'next-app-controllers';

export const app = createApplication({ controllers: [PostsController] });
app.use(cors({ origin: ['https://app.example.com', 'http://localhost:3001'], credentials: true, exposeHeaders: ['x-total'] }));
// #endregion app
