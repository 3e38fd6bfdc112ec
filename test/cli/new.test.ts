import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createNextAppArguments } from '../../generators/new/index';
import { cleanup, emptyTempDir, FIXTURE, read, run, snapshot, write } from './helpers';

const newSuite = suite('new generator');
newSuite.after.each(cleanup);

newSuite('it runs create-next-app non-interactively with TypeScript, App Router, src/, @/* and npm', () => {
  assert.equal(createNextAppArguments('my-app', false), [
    '--yes', 'create-next-app@latest', 'my-app', '--ts', '--app', '--src-dir', '--no-tailwind', '--no-eslint',
    '--import-alias', '@/*', '--use-npm', '--yes', '--disable-git',
  ]);
  assert.ok(createNextAppArguments('my-app', true).includes('--skip-install'));
});

newSuite('an existing target folder is an error and nothing is touched', async () => {
  const dir = emptyTempDir();
  mkdirSync(join(dir, 'my-app'));
  write(dir, 'my-app/keep.txt', 'mine');
  const { error } = await run('new', dir, ['my-app']);
  assert.match(error!.message, 'already exists');
  assert.equal(snapshot(dir), { 'my-app/keep.txt': 'mine' });
});

newSuite('a bad project name is an error and nothing is created', async () => {
  const dir = emptyTempDir();
  for (const name of ['../x', 'My App', 'a/b']) {
    const { error } = await run('new', dir, [name]);
    assert.ok(error, name);
  }
  assert.equal(snapshot(dir), {});
});

newSuite('after create-next-app it wires the new project like init (create-next-app replaced by a copy of the fixture)', async () => {
  const dir = emptyTempDir();
  const fake = join(dir, 'fake-create-next-app.sh');
  // Arguments as for npx: --yes create-next-app@latest <name> ...
  write(dir, 'fake-create-next-app.sh', `#!/bin/sh\ncp -r "${FIXTURE}" "$3"\n`);
  chmodSync(fake, 0o755);
  process.env.NEXT_APP_CONTROLLERS_CREATE_NEXT_APP = fake;
  try {
    const { error, summary } = await run('new', dir, ['my-app'], { swagger: true });
    assert.is(error, undefined);
    assert.is(read(join(dir, 'my-app'), 'src/app/api/[[...route]]/route.ts').split('\n')[0], "import { app } from '@/app';");
    assert.ok(existsSync(join(dir, 'my-app/src/app/api-docs/[[...file]]/route.ts')));
    assert.ok(read(join(dir, 'my-app'), 'tsconfig.json').includes('"emitDecoratorMetadata": true'));
    assert.ok(summary!.written.includes('src/app.ts'));
  } finally {
    delete process.env.NEXT_APP_CONTROLLERS_CREATE_NEXT_APP;
  }
});

newSuite.run();
