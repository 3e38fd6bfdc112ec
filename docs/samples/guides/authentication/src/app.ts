import { cors, createApplication } from 'next-app-controllers';
import { ArticlesController } from './features/articles/controller';

export const app = createApplication({ controllers: [ArticlesController] });
// Registered globally, cors runs before requireUser: a preflight is answered before any token is looked at.
app.use(cors({ origin: ['https://app.example.com'], credentials: true }));
