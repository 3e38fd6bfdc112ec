import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, read, run, tempProject, write } from './helpers';

// Issue 54: `init` (and so `new`) writes instrumentation.ts, whose register() starts the app's jobs in the Node.js
// runtime only, loading the app and next-app-controllers/jobs by dynamic import.

const instrumentation = suite('init: instrumentation.ts');
instrumentation.after.each(cleanup);

instrumentation('src layout: writes src/instrumentation.ts calling startJobs(app) only when NEXT_RUNTIME is nodejs, by dynamic imports', async () => {
  const dir = tempProject('src');
  const { summary, error } = await run('init', dir);
  assert.is(error, undefined);
  const text = read(dir, 'src/instrumentation.ts');
  assert.match(
    text,
    "export async function register() {\n  if (process.env.NEXT_RUNTIME === 'nodejs') {\n" +
      "    const [{ app }, { startJobs }] = await Promise.all([import('@/app'), import('next-app-controllers/jobs')]);\n" +
      '    await startJobs(app);\n',
  );
  // Issue 51: under next dev, the CLI's watcher keeps the client's types current; never in a build or in production.
  assert.match(text, "    if (process.env.NODE_ENV === 'development') {\n");
  assert.match(text, "'openapi', '--watch'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });\n    }\n  }\n}\n");
  assert.not.match(text, /^import /m, 'no static import: the Edge runtime loads neither the app nor the jobs');
  assert.ok(summary!.written.includes('src/instrumentation.ts'), summary!.written.join(', '));
});

instrumentation('root layout: instrumentation.ts next to app/', async () => {
  const dir = tempProject('root');
  const { error } = await run('init', dir);
  assert.is(error, undefined);
  assert.ok(existsSync(join(dir, 'instrumentation.ts')));
  assert.not.ok(existsSync(join(dir, 'src/instrumentation.ts')));
});

instrumentation('an existing instrumentation file is kept, and the lines to add are printed', async () => {
  for (const file of ['src/instrumentation.ts', 'src/instrumentation.js']) {
    const dir = tempProject('src');
    write(dir, file, '// my own instrumentation\n');
    const { summary, error } = await run('init', dir);
    assert.is(error, undefined);
    assert.is(read(dir, file), '// my own instrumentation\n');
    if (file !== 'src/instrumentation.ts') assert.not.ok(existsSync(join(dir, 'src/instrumentation.ts')));
    const step = summary!.manual.find((line) => line.startsWith(`${file} exists`));
    assert.ok(step, summary!.manual.join('\n'));
    assert.match(step!, "if (process.env.NEXT_RUNTIME === 'nodejs') {");
    assert.match(step!, "import('next-app-controllers/jobs')");
    assert.match(step!, 'await startJobs(app);');
  }
});

instrumentation('an instrumentation file that already calls startJobs is left alone, with no hint', async () => {
  const dir = tempProject('src');
  await run('init', dir);
  write(dir, 'src/instrumentation.ts', `${read(dir, 'src/instrumentation.ts')}// changed by hand\n`);
  const { summary } = await run('init', dir);
  assert.match(read(dir, 'src/instrumentation.ts'), '// changed by hand');
  assert.not.ok(summary!.manual.some((line) => line.includes('startJobs')));
  assert.ok(summary!.unchanged.includes('src/instrumentation.ts'));
});

instrumentation.run();
