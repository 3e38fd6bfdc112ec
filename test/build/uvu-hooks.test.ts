import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HOOKS = './test/support/uvu-hooks.mjs';

function runFixture(imports: string[]) {
  const args = [...imports.flatMap((module) => ['--import', module]), 'node_modules/uvu/bin.js'];
  const result = spawnSync(process.execPath, [...args, 'test/fixtures/uvu-hooks', 'before-fails\\.ts$', '--color=false'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

const hooks = suite('test/support/uvu-hooks.mjs');

hooks('fails the run when a `before` hook throws, naming its error, and still runs the other suites', () => {
  const { status, output } = runFixture(['tsx', HOOKS]);
  assert.is(status, 1, output);
  assert.match(output, "The suite's `before` hook failed: the database did not start");
  assert.match(output, "Not run: this suite's `before` hook failed");
  assert.match(output, /Total:\s+3/);
  assert.match(output, /Passed:\s+1/);
});

// Why the preload exists: if uvu ever reports this failure itself, the preload can go.
hooks('is needed: uvu alone exits 0 when a `before` hook throws', () => {
  const { status, output } = runFixture(['tsx']);
  assert.is(status, 0, output);
  assert.match(output, /Passed:\s+1/);
});

hooks('is preloaded by every script that runs uvu', () => {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  for (const [name, script] of Object.entries(scripts)) {
    const runs = script.split('node_modules/uvu/bin.js').length - 1;
    const preloaded = script.split(`--import ${HOOKS} node_modules/uvu/bin.js`).length - 1;
    assert.is(preloaded, runs, `${name}: ${script}`);
  }
});

hooks.run();
