/**
 * `init --skip-install` prints the commands that would install the dependencies. Before the first release no registry
 * serves the library, so they must pack it and install the tarball: this runs them exactly as printed, in the project
 * folder, and checks that the library and its peers end up installed. Run with `npm run test:cli:e2e`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, read, run, tempProject } from './helpers';

const skipInstall = suite('init --skip-install prints commands that work');
skipInstall.after(cleanup);

// Regression: it printed `npm install next-app-controllers@0.1.0`, which answers E404 before the first release.
skipInstall('the printed pack and install commands install the library and its peers', async () => {
  const dir = tempProject('src');
  const { summary, error } = await run('init', dir, [], { skipInstall: true });
  assert.is(error, undefined);
  const step = summary!.manual.find((text) => text.startsWith('Install the dependencies'))!;
  const commands = step.split('\n').slice(1).map((line) => line.trim());
  assert.is(commands.length, 2, step);
  for (const command of commands) {
    const result = spawnSync('sh', ['-c', command], { cwd: dir, encoding: 'utf8' });
    assert.is(result.status, 0, `${command}\n${result.stdout}\n${result.stderr}`);
  }
  const pkg = JSON.parse(read(dir, 'package.json'));
  assert.match(pkg.dependencies['next-app-controllers'], /^file:next-app-controllers-.*\.tgz$/);
  assert.ok(pkg.dependencies['class-validator'] && pkg.dependencies['class-transformer']);
  assert.ok(existsSync(join(dir, 'node_modules/next-app-controllers/dist/index.mjs')));
});

skipInstall.run();
