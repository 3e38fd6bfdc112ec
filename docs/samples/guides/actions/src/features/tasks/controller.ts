import { Auth, Body, Controller, Form, HttpCode, NotFoundError, Post, Principal, RateLimit, type RouteContext } from 'next-app-controllers';
import { revalidatePath, revalidateTag } from 'next/cache';
import { redirect } from 'next/navigation';
import { sessions } from '@/lib/sessions';
import { AttachmentForm, CreateTaskDto } from './dto';

declare const db: {
  insertTask(values: { title: string; owner: string; items: string[] }): Promise<{ id: string; title: string; createdAt: Date }>;
  attach(taskId: string, values: { label: string; bytes: ArrayBuffer; type: string }): Promise<{ id: string } | undefined>;
};

// #region controller
@Controller('/tasks')
@Auth(sessions)
export class TasksController {
  // One declaration: POST /api/tasks for API clients, and the form's Server Action (actions.ts).
  @Post('')
  @HttpCode(201)
  @RateLimit({ limit: 20, window: 60_000 })
  async create(@Body(CreateTaskDto) body: CreateTaskDto, @Principal() user: { id: string }) {
    const task = await db.insertTask({ title: body.title, owner: user.id, items: (body.items ?? []).map((item) => item.name) });
    revalidatePath('/tasks');
    revalidateTag('tasks', 'max');
    return task;
  }
  // #endregion controller

  // #region redirect
  // After a form's write, show the task: an action follows the redirect; over HTTP it is a 307 with Location.
  @Post('/quick')
  async quick(@Body(CreateTaskDto) body: CreateTaskDto, @Principal() user: { id: string }) {
    const task = await db.insertTask({ title: body.title, owner: user.id, items: [] });
    revalidatePath('/tasks');
    redirect(`/tasks/${task.id}`);
  }
  // #endregion redirect

  // #region upload
  @Post('/:id/attachments')
  async attach(context: RouteContext<{ id: string }>, @Form(AttachmentForm) form: AttachmentForm) {
    const attachment = await db.attach(context.params.id, { label: form.label, bytes: await form.file.arrayBuffer(), type: form.file.type });
    if (!attachment) throw new NotFoundError('No such task');
    revalidatePath(`/tasks/${context.params.id}`);
    return attachment;
  }
  // #endregion upload
}
