import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, read, REPO_ROOT, run, snapshot, tempProject } from '../cli/helpers';

/** The project the Getting started page shows, file by file: docs/samples/getting-started/src. */
const SAMPLES = join(REPO_ROOT, 'docs/samples/getting-started');

const samples = suite('Getting started samples');
samples.after(cleanup);

samples('every file of the getting-started sample project is what init --swagger and generate controller posts write there', async () => {
  const dir = tempProject('src');
  assert.is((await run('init', dir, [], { swagger: true })).error, undefined);
  assert.is((await run('controller', dir, ['posts'])).error, undefined);
  const files = Object.entries(snapshot(join(SAMPLES, 'src'))).map(([path, text]) => [`src/${path}`, text] as const);
  assert.equal(
    files.map(([path]) => path).sort(),
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
  for (const [path, text] of files) assert.fixture(read(dir, path), text, path);
});

samples.run();
