import { createApplication } from 'next-app-controllers';
import { PostsController } from '@/features/posts/controller';
import { conduitErrors } from '@/lib/error-format';

export const app = createApplication({
  controllers: [PostsController],
  // What ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }) did, for every DTO input.
  validation: { whitelist: true, forbidNonWhitelisted: true },
  formatError: conduitErrors,
});
