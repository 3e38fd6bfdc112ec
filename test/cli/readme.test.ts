import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, read, REPO_ROOT, run, tempProject } from './helpers';

const readme = suite('README examples');
readme.after(cleanup);

/** The ```ts blocks of the README whose first line is `// <path>`, keyed by that path. */
function pathBlocks(): Map<string, string> {
  const text = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const blocks = new Map<string, string>();
  for (const [, path, body] of text.matchAll(/```ts\n\/\/ (src\/\S+)\n([\s\S]*?)```/g)) blocks.set(path, body);
  return blocks;
}

readme('every README block headed by a path is what init --swagger and generate controller posts write there', async () => {
  const dir = tempProject('src');
  assert.is((await run('init', dir, [], { swagger: true })).error, undefined);
  assert.is((await run('controller', dir, ['posts'])).error, undefined);
  const blocks = pathBlocks();
  assert.equal(
    [...blocks.keys()].sort(),
    [
      'src/app.ts',
      'src/app/api-docs/[[...file]]/route.ts',
      'src/app/api/[[...route]]/route.ts',
      'src/app/api/openapi.json/route.ts',
      'src/features/posts/controller.ts',
      'src/features/posts/dto.ts',
      'src/proxy.ts',
    ],
  );
  for (const [path, body] of blocks) assert.fixture(read(dir, path), body, path);
});

readme('before the first release, the README says how to install from a tarball or a checkout, and the exit codes', () => {
  const text = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  assert.match(text, '**Before the first release** the package is not on the npm registry');
  assert.match(text, 'npm install ../next-app-controllers/next-app-controllers-0.1.0.tgz');
  assert.match(text, 'npx --yes --package=../next-app-controllers/next-app-controllers-0.1.0.tgz next-app-controllers new shop');
  assert.match(text, '**Exit codes:** `0` done');
  assert.match(text, '`generate resource <name> [--force]`');
});

readme.run();
