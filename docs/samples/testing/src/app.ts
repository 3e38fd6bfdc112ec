import { createApplication } from 'next-app-controllers';
import { NotesController } from './features/notes/controller';
import { PostsController } from './features/posts/controller';

export const app = createApplication({
  controllers: [PostsController, NotesController],
  // Request bodies keep only the fields their DTO declares; any other field is a 422 naming it.
  validation: { whitelist: true, forbidNonWhitelisted: true },
});
