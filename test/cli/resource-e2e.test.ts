/**
 * End to end with pnpm: a copy of the fixture App Router project installed with pnpm, `init --swagger` through the
 * real bin (which must install with pnpm, not npm), `generate resource posts`, `tsc --noEmit`, `next build` and
 * `next start`, then every route of the resource over HTTP. pnpm is installed with `npm install -g pnpm@10` when
 * missing. Run with `flock /tmp/nac-next.lock npm run test:cli:e2e`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, cleanup, read, tempProject } from './helpers';
import { exec, nextBuild, nextStart, waitFor } from './processes';

function ensurePnpm(): void {
  try {
    execFileSync('pnpm', ['--version'], { stdio: 'ignore' });
  } catch {
    execFileSync('npm', ['install', '-g', 'pnpm@10', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  }
}

/** Until the resource template documents its responses itself: the create route answers a CreatePostDto. */
function documentCreateResponse(dir: string): void {
  const file = join(dir, 'src/features/posts/controller.ts');
  const text = read(dir, 'src/features/posts/controller.ts');
  if (text.includes('@ApiResponse')) return;
  writeFileSync(file, text.replace('import {\n  ApiTags,', 'import {\n  ApiResponse,\n  ApiTags,').replace("  @Post('')\n", "  @Post('')\n  @ApiResponse({ status: 201, type: CreatePostDto })\n"));
}

/**
 * Issue 52: the app module's imports sorted as an import sorter leaves them, the controllers (and through them the
 * generated DTOs, whose @Type runs as they are decorated) before the library; `e2e.test.ts` builds the written order.
 */
function importControllersFirst(dir: string): void {
  const file = join(dir, 'src/app.ts');
  const library = "import { createApplication } from 'next-app-controllers';\n";
  const text = read(dir, 'src/app.ts');
  assert.ok(text.startsWith(library), text);
  const lines = text.slice(library.length).split('\n');
  let lastImport = -1;
  lines.forEach((line, index) => {
    if (line.startsWith('import ')) lastImport = index;
  });
  lines.splice(lastImport + 1, 0, library.trimEnd());
  writeFileSync(file, lines.join('\n'));
}

/** A server module reading a field of the typed create response: `title`, or a misspelling tsc must reject. */
const typedClientUse = (field: string) => `import { api } from '@/lib/api/server';

export async function createdTitle() {
  const { data, error } = await api.POST('/api/posts', { body: { title: 'Typed', content: 'client' } });
  if (error) return undefined;
  return data.${field};
}
`;

const e2e = suite('generate resource end to end (pnpm)');
e2e.after(cleanup);

e2e('a pnpm project: init installs with pnpm, generate resource type-checks, builds and answers every route', async () => {
  ensurePnpm();
  const dir = tempProject('src');
  const started = Date.now();
  const step = (name: string) => console.log(`  [resource e2e] ${name} after ${Math.round((Date.now() - started) / 1000)} s`);

  const install = await exec('pnpm', ['install', '--config.confirmModulesPurge=false'], { cwd: dir });
  assert.is(install.code, 0, install.output);
  step('pnpm install done');

  const init = await exec(process.execPath, [BIN, 'init', '--swagger'], { cwd: dir });
  assert.is(init.code, 0, init.output);
  assert.match(init.output, 'installed with pnpm:');
  assert.not.ok(existsSync(join(dir, 'package-lock.json')), 'npm must not write a package-lock.json into a pnpm project');
  assert.match(read(dir, 'pnpm-lock.yaml'), 'class-validator');
  step('init --swagger done');

  const generate = await exec(process.execPath, [BIN, 'g', 'resource', 'posts'], { cwd: dir });
  assert.is(generate.code, 0, generate.output);
  assert.match(generate.output, 'GET, POST /api/posts and GET, PUT, PATCH, DELETE /api/posts/:id are served by PostsController');
  documentCreateResponse(dir);

  const openapi = await exec(process.execPath, [BIN, 'openapi'], { cwd: dir });
  assert.is(openapi.code, 0, openapi.output);
  assert.match(openapi.output, 'Wrote openapi.json: 6 operations (from src/app/api/openapi.json/route.ts).');
  const client = await exec(process.execPath, [BIN, 'generate', 'client'], { cwd: dir });
  assert.is(client.code, 0, client.output);
  const pkg = JSON.parse(read(dir, 'package.json')) as Record<string, Record<string, string>>;
  assert.ok(pkg.dependencies['openapi-fetch'] && pkg.devDependencies['openapi-typescript'], 'installed with pnpm, the types as a dev dependency');
  assert.match(read(dir, 'pnpm-lock.yaml'), 'openapi-typescript');
  step('openapi and generate client done');

  const tscRun = () => exec(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'], { cwd: dir });
  writeFileSync(join(dir, 'src/app/typed-client-use.ts'), typedClientUse('titel'));
  const misspelt = await tscRun();
  assert.is.not(misspelt.code, 0, 'a misspelt response field fails tsc');
  assert.match(misspelt.output, "Property 'titel' does not exist");
  writeFileSync(join(dir, 'src/app/typed-client-use.ts'), typedClientUse('title'));
  const tsc = await tscRun();
  assert.is(tsc.code, 0, tsc.output);
  importControllersFirst(dir);
  const build = await nextBuild(dir);
  assert.is(build.code, 0, build.output);
  step('tsc and next build done (Turbopack, the controllers imported before the library)');

  const server = await nextStart(dir);
  try {
    const base = `${server.origin}/api/posts`;
    // Every successful answer with a body, checked below against the schema the document gives its route and status.
    const answered: { path: string; method: string; status: number; body: unknown }[] = [];
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.ok && response.status !== 204) {
        const route = path.startsWith('/') ? '/api/posts/{id}' : '/api/posts';
        answered.push({ path: route, method: method.toLowerCase(), status: response.status, body: await response.clone().json() });
      }
      return response;
    };
    const list = await waitFor(base, 30_000);
    assert.is(list.status, 200);
    assert.equal(await list.json(), { items: [], total: 0 });

    const created = await send('POST', '', { title: 'Hello', content: 'World' });
    assert.is(created.status, 201);
    assert.equal(await created.json(), { id: '1', title: 'Hello', content: 'World' });
    await send('POST', '', { title: 'Second', content: '2' });
    // Regression: `{ id, ...body }` let a client choose the id and store undeclared fields.
    assert.is((await send('POST', '', { id: '1', title: 'Dup', content: 'x' })).status, 422);
    assert.is((await send('POST', '', { title: 'Priced', content: 'x', price: -1 })).status, 422);
    assert.is((await send('POST', '', { title: '' })).status, 422);

    assert.equal(await (await send('GET', '/1')).json(), { id: '1', title: 'Hello', content: 'World' });
    assert.is((await send('GET', '/99')).status, 404);
    // The list is @Paginated: the page in an envelope, Link headers to the others, the bounds checked.
    const page = await send('GET', '?limit=1&offset=1');
    assert.equal(await page.json(), { items: [{ id: '2', title: 'Second', content: '2' }], total: 2 });
    assert.match(page.headers.get('link') ?? '', 'rel="prev"');
    assert.is((await send('GET', '?limit=0')).status, 422);
    assert.is((await send('GET', '?limit=101')).status, 422);

    const replaced = await send('PUT', '/1', { title: 'Replaced', content: 'All' });
    assert.is(replaced.status, 200);
    assert.equal(await replaced.json(), { id: '1', title: 'Replaced', content: 'All' });
    assert.is((await send('PUT', '/1', { title: 'Only title' })).status, 422);
    assert.is((await send('PUT', '/99', { title: 'x', content: 'y' })).status, 404);

    const updated = await send('PATCH', '/1', { content: 'Patched' });
    assert.is(updated.status, 200);
    assert.equal(await updated.json(), { id: '1', title: 'Replaced', content: 'Patched' });
    assert.is((await send('PATCH', '/1', { id: '7' })).status, 422);

    const deleted = await send('DELETE', '/1');
    assert.is(deleted.status, 204);
    assert.is((await send('GET', '/1')).status, 404);
    assert.is((await send('DELETE', '/1')).status, 404);

    const document = (await (await fetch(`${server.origin}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
      components: { schemas: Record<string, { properties?: object; required?: string[] }> };
    };
    assert.equal(document.paths['/api/posts'].get.tags, ['Posts']);
    assert.equal(document, JSON.parse(read(dir, 'openapi.json')), 'the written document is, key for key, the one next start serves');
    // The response DTO the generator writes is what every route with a body documents.
    const schemaOf = (path: string, method: string, status: number) => document.paths[path][method].responses[status]?.content?.['application/json']?.schema;
    const postDto = { $ref: '#/components/schemas/PostDto' };
    const envelope = schemaOf('/api/posts', 'get', 200) as { required: string[]; properties: { items: object } };
    assert.equal(envelope.required, ['items', 'total']);
    assert.equal(envelope.properties.items, { type: 'array', items: postDto });
    assert.equal(schemaOf('/api/posts', 'post', 201), postDto);
    for (const method of ['get', 'put', 'patch']) assert.equal(schemaOf('/api/posts/{id}', method, 200), postDto, method);
    assert.equal(document.paths['/api/posts/{id}'].delete.responses[204]?.content, undefined);
    const { PostDto } = document.components.schemas;
    assert.equal(Object.keys(PostDto.properties ?? {}).sort(), ['content', 'id', 'title']);
    assert.equal([...(PostDto.required ?? [])].sort(), ['content', 'id', 'title']);
    // Every body the server sent fits its documented schema, with no field beyond the ones it declares.
    const schemas = { ...document.components.schemas, PostDto: { ...PostDto, additionalProperties: false } };
    const ajv = new Ajv2020({ strict: false });
    assert.ok(answered.length >= 6, String(answered.length));
    for (const { path, method, status, body } of answered) {
      const validate = ajv.compile({ ...schemaOf(path, method, status), components: { schemas } });
      assert.ok(validate(body), `${method} ${path} ${status}: ${JSON.stringify(body)} ${ajv.errorsText(validate.errors)}`);
    }
    step('every route answered');
  } finally {
    server.stop();
  }

  const check = await exec(process.execPath, [BIN, 'openapi', '--check'], { cwd: dir });
  assert.is(check.code, 0, check.output);
  assert.match(check.output, 'src/lib/api/schema.d.ts too');
  const dto = join(dir, 'src/features/posts/dto.ts');
  writeFileSync(dto, read(dir, 'src/features/posts/dto.ts').replace('  content!: string;\n}', '  content!: string;\n\n  @IsString()\n  author!: string;\n}'));
  const changed = await exec(process.execPath, [BIN, 'openapi', '--check'], { cwd: dir });
  assert.is(changed.code, 1, changed.output);
  assert.match(changed.output, 'breaking: request field added, required: CreatePostDto.author');
  assert.match(changed.output, 'src/lib/api/schema.d.ts is out of date');
});

e2e.run();
