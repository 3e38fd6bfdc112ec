/**
 * End to end: the real bin under plain `node` on a copy of the fixture App Router project. It installs the fixture's
 * dependencies from the npm registry (the npm cache makes this quick), runs `init --swagger` (which packs this
 * checkout with `npm pack` and installs the tarball), `generate controller posts`, `next build` and `next start`,
 * then calls the API. Run with `npm run test:cli:e2e`. Every `next build` on the shared machine takes
 * /tmp/next-build.lock (flock) so only one runs at a time.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, cleanup, read, tempProject } from './helpers';
import { exec, nextBuild, nextStart, waitFor } from './processes';

const e2e = suite('next-app-controllers bin end to end');
e2e.after(cleanup);

e2e('init --swagger and generate controller posts on an App Router project: next build passes and the API answers', async () => {
  const dir = tempProject('src');
  const started = Date.now();
  const step = (name: string) => console.log(`  [e2e] ${name} after ${Math.round((Date.now() - started) / 1000)} s`);

  const install = await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir });
  assert.is(install.code, 0, install.output);
  step('fixture dependencies installed');

  const init = await exec(process.execPath, [BIN, 'init', '--swagger'], { cwd: dir });
  assert.is(init.code, 0, init.output);
  const pkg = JSON.parse(read(dir, 'package.json'));
  assert.match(pkg.dependencies['next-app-controllers'], /^file:next-app-controllers-.*\.tgz$/);
  for (const name of ['class-validator', 'class-transformer', 'class-validator-jsonschema', 'swagger-ui-dist']) {
    assert.ok(pkg.dependencies[name], `${name} installed`);
  }
  step('init --swagger done');

  const generate = await exec(process.execPath, [BIN, 'generate', 'controller', 'posts'], { cwd: dir });
  assert.is(generate.code, 0, generate.output);
  assert.ok(read(dir, 'src/app.ts').includes('controllers: [PostsController],'));

  assert.is(JSON.parse(read(dir, 'package.json')).scripts.openapi, 'next-app-controllers openapi');
  const openapi = await exec('npm', ['run', 'openapi'], { cwd: dir });
  assert.is(openapi.code, 0, openapi.output);
  assert.match(openapi.output, 'Wrote openapi.json: 3 operations');
  const client = await exec(process.execPath, [BIN, 'generate', 'client'], { cwd: dir });
  assert.is(client.code, 0, client.output);
  const withClient = JSON.parse(read(dir, 'package.json'));
  assert.ok(withClient.dependencies['openapi-fetch'] && withClient.devDependencies['openapi-typescript'], 'installed with npm, the types as a dev dependency');
  step('openapi and generate client done');

  const again = await exec(process.execPath, [BIN, 'init', '--swagger'], { cwd: dir });
  assert.is(again.code, 0, again.output);
  assert.not.match(again.output, 'npm pack', 'an installed copy of the library is never replaced');

  const build = await nextBuild(dir);
  assert.is(build.code, 0, build.output);
  step('next build done');

  const server = await nextStart(dir);
  try {
    const base = server.origin;
    const list = await waitFor(`${base}/api/posts`, 30_000);
    assert.is(list.status, 200);
    assert.equal(await list.json(), []);
    const created = await fetch(`${base}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Hello', content: 'World' }),
    });
    assert.is(created.status, 201);
    assert.equal(await created.json(), { id: '1', title: 'Hello', content: 'World' });
    const invalid = await fetch(`${base}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: '' }),
    });
    assert.is(invalid.status, 422);
    assert.is((await fetch(`${base}/api/posts/42`)).status, 404);
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    assert.ok(document.paths['/api/posts'], 'the OpenAPI document lists /api/posts');
    assert.equal(document, JSON.parse(read(dir, 'openapi.json')), 'the written document is, key for key, the one next start serves');
    const check = await exec('npm', ['run', 'openapi', '--', '--check'], { cwd: dir });
    assert.is(check.code, 0, check.output);
    const docs = await fetch(`${base}/api-docs`);
    assert.is(docs.status, 200);
    assert.match(await docs.text(), 'swagger-ui');
    step('next start answered');
  } finally {
    server.stop();
  }
});

e2e.run();
