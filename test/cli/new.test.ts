import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createNextAppArguments } from '../../generators/new/index';
import { INITIAL_COMMIT_MESSAGE } from '../../generators/new/git';
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
    const { error, summary, output } = await run('new', dir, ['my-app'], { swagger: true });
    assert.is(error, undefined);
    assert.not.match(output, 'Multiple customInstallTask', 'only the composed init claims the install step');
    assert.is(read(join(dir, 'my-app'), 'src/app/api/[[...route]]/route.ts').split('\n')[0], "import { app } from '@/app';");
    assert.ok(existsSync(join(dir, 'my-app/src/app/api-docs/[[...file]]/route.ts')));
    assert.ok(read(join(dir, 'my-app'), 'tsconfig.json').includes('"emitDecoratorMetadata": true'));
    assert.ok(summary!.written.includes('src/app.ts'));
  } finally {
    delete process.env.NEXT_APP_CONTROLLERS_CREATE_NEXT_APP;
  }
});

newSuite('new --docs-ui scalar --mcp passes both on to init; a bad --docs-ui fails before create-next-app runs', async () => {
  const dir = emptyTempDir();
  const fake = join(dir, 'fake-create-next-app.sh');
  write(dir, 'fake-create-next-app.sh', `#!/bin/sh\ncp -r "${FIXTURE}" "$3"\n`);
  chmodSync(fake, 0o755);
  process.env.NEXT_APP_CONTROLLERS_CREATE_NEXT_APP = fake;
  try {
    const { error } = await run('new', dir, ['my-app'], { docsUi: 'scalar', mcp: true });
    assert.is(error, undefined);
    assert.match(read(join(dir, 'my-app'), 'src/app/api-docs/[[...file]]/route.ts'), 'createScalarHandler');
    assert.match(read(join(dir, 'my-app'), 'src/app/mcp/route.ts'), 'createMcpHandler(app)');
    const bad = await run('new', dir, ['other-app'], { docsUi: 'redoc' });
    assert.match(bad.error!.message, '--docs-ui takes swagger');
    assert.not.ok(existsSync(join(dir, 'other-app')));
  } finally {
    delete process.env.NEXT_APP_CONTROLLERS_CREATE_NEXT_APP;
  }
});

/** A stand-in for `npx`: records its arguments and npm_config_* variables, then copies the fixture as create-next-app would. */
function fakeCreateNextApp(dir: string, extraScript = ''): string {
  const fake = join(dir, 'fake-create-next-app.sh');
  write(
    dir,
    'fake-create-next-app.sh',
    `#!/bin/sh\necho "$@" > "${dir}/args.txt"\nenv | grep '^npm_config_' > "${dir}/npm-env.txt"\ncp -r "${FIXTURE}" "$3"\n${extraScript}`,
  );
  chmodSync(fake, 0o755);
  return fake;
}

async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  try {
    return await fn();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

newSuite('under `npx --package=<spec>`, create-next-app starts without any inherited npm_config_* variable (regression)', async () => {
  const dir = emptyTempDir();
  const fake = fakeCreateNextApp(dir);
  const { error } = await withEnv(
    { NEXT_APP_CONTROLLERS_CREATE_NEXT_APP: fake, npm_config_package: '/tmp/next-app-controllers-0.1.0.tgz', npm_config_yes: 'true' },
    () => run('new', dir, ['shop']),
  );
  assert.is(error, undefined);
  assert.is(read(dir, 'npm-env.txt'), '');
  assert.ok(read(dir, 'args.txt').startsWith('--yes create-next-app@latest shop '));
});

newSuite('the invoking client (npm_config_user_agent) or --use-<manager> picks the package manager, passed on to create-next-app and used by init', async () => {
  const dir = emptyTempDir();
  const fake = fakeCreateNextApp(dir);
  const fromAgent = await withEnv({ NEXT_APP_CONTROLLERS_CREATE_NEXT_APP: fake, npm_config_user_agent: 'pnpm/10.12.1 npm/? node/v20.20.2 linux x64' }, () =>
    run('new', dir, ['from-agent']),
  );
  assert.is(fromAgent.error, undefined);
  assert.match(read(dir, 'args.txt'), ' --use-pnpm ');
  assert.is(fromAgent.summary!.packageManager, 'pnpm');
  assert.ok(fromAgent.summary!.manual.some((step) => step.includes('\n  pnpm add file:next-app-controllers-')), fromAgent.output);
  assert.match(fromAgent.output, 'cd from-agent\n    pnpm exec next-app-controllers generate resource <name>\n    pnpm run dev');

  const fromFlag = await withEnv({ NEXT_APP_CONTROLLERS_CREATE_NEXT_APP: fake, npm_config_user_agent: 'pnpm/10.12.1' }, () =>
    run('new', dir, ['from-flag'], { useBun: true }),
  );
  assert.is(fromFlag.error, undefined);
  assert.match(read(dir, 'args.txt'), ' --use-bun ');
  assert.is(fromFlag.summary!.packageManager, 'bun');
});

newSuite.run();

const gitSuite = suite('new: the git repository');
gitSuite.after.each(cleanup);

function gitIn(dir: string, args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
}

gitSuite('makes the wired project a git repository on main with one commit of every file, as create-next-app does', async () => {
  const dir = emptyTempDir();
  const { error, summary, output } = await withEnv({ NEXT_APP_CONTROLLERS_CREATE_NEXT_APP: fakeCreateNextApp(dir) }, () => run('new', dir, ['shop']));
  assert.is(error, undefined);
  assert.match(output, '  git: initialised a repository with one commit', 'printed in the summary');
  const project = join(dir, 'shop');
  assert.is(gitIn(project, ['log', '--format=%s']), INITIAL_COMMIT_MESSAGE);
  assert.is(gitIn(project, ['branch', '--show-current']), 'main');
  const committed = gitIn(project, ['ls-files']).split('\n');
  for (const file of ['src/app.ts', 'src/app/api/[[...route]]/route.ts', 'src/proxy.ts', 'tsconfig.json']) assert.ok(committed.includes(file), file);
  assert.is(gitIn(project, ['status', '--porcelain']), '', 'nothing left uncommitted');
  assert.match(summary!.git!, 'initialised a repository with one commit');
});

gitSuite('--skip-git makes no repository', async () => {
  const dir = emptyTempDir();
  const { error, summary } = await withEnv({ NEXT_APP_CONTROLLERS_CREATE_NEXT_APP: fakeCreateNextApp(dir) }, () =>
    run('new', dir, ['shop'], { skipGit: true }),
  );
  assert.is(error, undefined);
  assert.not.ok(existsSync(join(dir, 'shop/.git')));
  assert.is(summary!.git, undefined);
});

gitSuite('without git on PATH the project is still made, and the summary says why there is no repository', async () => {
  const dir = emptyTempDir();
  const fake = join(dir, 'fake-create-next-app.sh');
  write(dir, 'fake-create-next-app.sh', `#!/bin/sh\n/bin/cp -r "${FIXTURE}" "$3"\n`);
  chmodSync(fake, 0o755);
  const { error, summary } = await withEnv({ NEXT_APP_CONTROLLERS_CREATE_NEXT_APP: fake, PATH: join(dir, 'no-such-bin') }, () => run('new', dir, ['shop']));
  assert.is(error, undefined);
  assert.ok(existsSync(join(dir, 'shop/src/app.ts')));
  assert.not.ok(existsSync(join(dir, 'shop/.git')));
  assert.match(summary!.git!, 'not initialised: git is not installed');
});

gitSuite('inside an existing repository (a monorepo) it makes none, and says so', async () => {
  const dir = emptyTempDir();
  gitIn(dir, ['init', '--quiet']);
  const { error, summary } = await withEnv({ NEXT_APP_CONTROLLERS_CREATE_NEXT_APP: fakeCreateNextApp(dir) }, () => run('new', dir, ['shop']));
  assert.is(error, undefined);
  assert.not.ok(existsSync(join(dir, 'shop/.git')));
  assert.match(summary!.git!, 'already inside the git repository');
});

gitSuite.run();
