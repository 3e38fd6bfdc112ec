import { createApplication } from 'next-app-controllers';
import { BlogController, CommentsController, PostsController, StreamsController } from './features/posts/controller';

export const app = createApplication({ controllers: [BlogController, PostsController, CommentsController, StreamsController] });
