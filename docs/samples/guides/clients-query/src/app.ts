import { createApplication } from 'next-app-controllers';
import { PostsController } from './features/posts/controller';

export const app = createApplication({ controllers: [PostsController], validation: { whitelist: true, forbidNonWhitelisted: true } });
