import { createApplication } from 'next-app-controllers';
import { TasksController } from './features/tasks/controller';
import { sessions } from './lib/sessions';

export const app = createApplication({
  controllers: [TasksController],
  auth: { schemes: [sessions] },
  // Files travel in the form: the limit counts them before one is read whole (Next.js's own for actions is 1 MB).
  bodyLimit: 600_000,
});
