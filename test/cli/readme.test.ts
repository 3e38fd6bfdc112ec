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

readme.run();
