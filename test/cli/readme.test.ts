import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from './helpers';

const readme = suite('README examples');

readme('before the first release, the README says how to install from a tarball or a checkout, and the exit codes', () => {
  const text = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  assert.match(text, '**Before the first release** the package is not on the npm registry');
  assert.match(text, 'npm install ../next-app-controllers/next-app-controllers-0.1.0.tgz');
  assert.match(text, 'npx --yes --package=../next-app-controllers/next-app-controllers-0.1.0.tgz next-app-controllers new shop');
  assert.match(text, '**Exit codes:** `0` done');
  assert.match(text, '`generate resource <name> [--force]`');
});

readme.run();
