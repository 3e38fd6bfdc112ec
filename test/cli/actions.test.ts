import { TestAdapter } from '@yeoman/adapter/testing';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { exportNames } from '../../generators/actions/routes';
import { cleanup, read, run, snapshot, tempProject, write } from './helpers';

const actions = suite('actions generator');
actions.after.each(cleanup);

async function withResource(name = 'tasks'): Promise<string> {
  const dir = tempProject('src');
  await run('init', dir);
  await run('resource', dir, [name]);
  return dir;
}

const GENERATED = `'use server';
// The writing routes of src/features/tasks/controller.ts as Server Actions: each runs the route's own pipeline (auth, rate
// limits, validation, the handler) and resolves to { ok: true, data } or { ok: false, status, fieldErrors, … }.
// Written by \`next-app-controllers generate actions tasks\`: run it again after a route changes.
import { action } from 'next-app-controllers/actions';
import { app } from '@/app';
import { TasksController } from './controller';

/** POST /tasks (TasksController.create) */
export const create = action(app, TasksController, 'create');

/** PUT /tasks/:id (TasksController.replace) */
export const replace = action(app, TasksController, 'replace');

/** PATCH /tasks/:id (TasksController.update) */
export const update = action(app, TasksController, 'update');

/** DELETE /tasks/:id (TasksController.remove) */
export const remove = action(app, TasksController, 'remove');
`;

actions("generate actions tasks writes a 'use server' module with one action per route that writes, named after the method", async () => {
  const dir = await withResource();
  const { summary, error } = await run('actions', dir, ['tasks']);
  assert.is(error, undefined);
  assert.is(read(dir, 'src/features/tasks/actions.ts'), GENERATED);
  assert.equal(summary!.written, ['src/features/tasks/actions.ts']);
});

actions('running it again after a route changed: kept without a terminal, replaced with --force; unchanged when nothing changed', async () => {
  const dir = await withResource();
  await run('actions', dir, ['tasks']);
  const again = await run('actions', dir, ['tasks']);
  assert.equal(again.summary!.unchanged, ['src/features/tasks/actions.ts']);
  const controller = read(dir, 'src/features/tasks/controller.ts');
  write(dir, 'src/features/tasks/controller.ts', controller.replace("@Delete('/:id')", "@Post('/:id/archive')").replace('remove(context: RouteContext)', 'archive(context: RouteContext)'));
  const kept = await run('actions', dir, ['tasks']);
  assert.equal(kept.summary!.skipped, ['src/features/tasks/actions.ts']);
  assert.is(read(dir, 'src/features/tasks/actions.ts'), GENERATED);
  const forced = await run('actions', dir, ['tasks'], { force: true });
  assert.equal(forced.summary!.written, ['src/features/tasks/actions.ts']);
  const updated = read(dir, 'src/features/tasks/actions.ts');
  assert.ok(updated.includes("/** POST /tasks/:id/archive (TasksController.archive) */\nexport const archive = action(app, TasksController, 'archive');"));
  assert.not.ok(updated.includes("'remove'"));
});

actions("in a terminal, Yeoman's conflict prompt asks before replacing the changed file", async () => {
  const dir = await withResource();
  write(dir, 'src/features/tasks/actions.ts', "'use server';\n// mine\n");
  const asked: string[] = [];
  const adapter = new TestAdapter({ mockedAnswers: { action: 'write' }, callback: (answer, { question }) => (asked.push(String(question.message)), answer) });
  await run('actions', dir, ['tasks'], {}, adapter as never);
  assert.equal(asked, ['Overwrite src/features/tasks/actions.ts?']);
  assert.is(read(dir, 'src/features/tasks/actions.ts'), GENERATED);
});

actions('a feature without a controller, or without a route that writes, fails with what to do and writes nothing', async () => {
  const dir = await withResource();
  const before = snapshot(dir);
  const missing = await run('actions', dir, ['orders']);
  assert.is(missing.error?.message, 'src/features/orders/controller.ts does not exist: generate the feature first (`next-app-controllers generate resource orders`).');
  await run('controller', dir, ['reports']);
  const controller = read(dir, 'src/features/reports/controller.ts');
  write(dir, 'src/features/reports/controller.ts', controller.replace(/\n  @Post\(''\)[\s\S]*?\n  }\n/, '\n'));
  const snapshotReports = snapshot(dir);
  const readOnly = await run('actions', dir, ['reports']);
  assert.match(readOnly.error?.message ?? '', 'src/features/reports/controller.ts exports no controller with a route that writes (@Post, @Put, @Patch or @Delete)');
  assert.equal(snapshot(dir), snapshotReports);
  assert.ok(Object.keys(before).length > 0);
});

actions('a name that is taken (a word a const cannot be, an imported name, an earlier route) gets the singular, then a number', () => {
  const route = (className: string, method: string) => ({ className, method, verb: 'POST' as const, path: '/' });
  assert.equal(exportNames([route('TasksController', 'create'), route('TasksController', 'delete'), route('TasksController', 'app'), route('ArchiveController', 'create'), route('ArchiveController', 'createTask')], 'Task'), [
    'create',
    'deleteTask',
    'appTask',
    'createTask',
    'createTaskTask',
  ]);
});

actions.run();
