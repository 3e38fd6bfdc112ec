import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { choosePackageManager } from '../../generators/new/index';
import {
  addCommandLine,
  childEnvironment,
  packageManagerFromLockfile,
  packageManagerFromUserAgent,
} from '../../generators/project/package-manager';
import { cleanup, emptyTempDir, write } from './helpers';

const lockfile = suite('packageManagerFromLockfile');
lockfile.after.each(cleanup);

lockfile('each lockfile names its package manager', () => {
  for (const [file, manager] of [
    ['pnpm-lock.yaml', 'pnpm'],
    ['yarn.lock', 'yarn'],
    ['bun.lock', 'bun'],
    ['bun.lockb', 'bun'],
    ['package-lock.json', 'npm'],
  ]) {
    const dir = emptyTempDir();
    write(dir, file, '');
    assert.is(packageManagerFromLockfile(dir), manager, file);
  }
});

lockfile('a workspace member finds the lockfile of the workspace root above it', () => {
  const dir = emptyTempDir();
  write(dir, 'pnpm-lock.yaml', '');
  mkdirSync(join(dir, 'apps/web'), { recursive: true });
  assert.is(packageManagerFromLockfile(join(dir, 'apps/web')), 'pnpm');
});

lockfile.run();

const userAgent = suite('packageManagerFromUserAgent and choosePackageManager');

userAgent('the invoking client is read from npm_config_user_agent', () => {
  assert.is(packageManagerFromUserAgent('pnpm/10.12.1 npm/? node/v20.20.2 linux x64'), 'pnpm');
  assert.is(packageManagerFromUserAgent('yarn/1.22.22 npm/? node/v20.20.2 linux x64'), 'yarn');
  assert.is(packageManagerFromUserAgent('bun/1.2.0 npm/? node/v20.20.2 linux x64'), 'bun');
  assert.is(packageManagerFromUserAgent('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false'), 'npm');
  assert.is(packageManagerFromUserAgent(''), undefined);
});

userAgent('a --use-<manager> flag wins over the user agent; two flags are an error; npm is the default', () => {
  assert.is(choosePackageManager({ useYarn: true }, 'pnpm/10 node/v20'), 'yarn');
  assert.is(choosePackageManager({}, 'pnpm/10 node/v20'), 'pnpm');
  assert.is(choosePackageManager({}, ''), 'npm');
  assert.throws(() => choosePackageManager({ useNpm: true, useBun: true }), /Pass only one of --use-npm, --use-bun/);
});

userAgent('installs use the manager\'s own add command', () => {
  assert.is(addCommandLine('npm', ['a', 'b']), 'npm install a b');
  assert.is(addCommandLine('pnpm', ['a']), 'pnpm add a');
  assert.is(addCommandLine('yarn', ['a']), 'yarn add a');
  assert.is(addCommandLine('bun', ['a']), 'bun add a');
});

userAgent.run();

const environment = suite('childEnvironment');

// Regression: under `npx --package=<spec> next-app-controllers new`, npm_config_package made the inner
// `npx create-next-app@latest` look for a bin of that name in our package ("create-next-app@latest: not found").
environment('drops every npm_config_* variable npm exports, and keeps the rest', () => {
  const env = childEnvironment({ npm_config_package: 'next-app-controllers.tgz', npm_config_yes: 'true', PATH: '/bin', HOME: '/root' });
  assert.equal(env, { PATH: '/bin', HOME: '/root' });
});

environment.run();
