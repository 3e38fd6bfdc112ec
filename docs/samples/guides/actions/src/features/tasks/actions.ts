'use server';
import { action } from 'next-app-controllers/actions';
import { app } from '@/app';
import { TasksController } from './controller';

/** POST /tasks (TasksController.create) */
export const create = action(app, TasksController, 'create');

/** POST /tasks/quick (TasksController.quick) */
export const quick = action(app, TasksController, 'quick');

/** POST /tasks/:id/attachments (TasksController.attach) */
export const attach = action(app, TasksController, 'attach');
