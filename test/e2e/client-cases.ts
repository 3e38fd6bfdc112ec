import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import type { ExampleSuite } from './example-suite';
import { ROOT, timed } from './harness';

const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const OPENAPI_TYPESCRIPT = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
const TSC_FLAGS = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--skipLibCheck', '--types', 'node'];

/** A frontend's program: openapi-fetch typed by the generated `paths`, reading typed fields of the answers. */
const program = (titleField: string) => `import createClient from 'openapi-fetch';
import type { paths } from './schema';

const client = createClient<paths>({ baseUrl: process.env.API_BASE });
const list = await client.GET('/api/posts');
if (!list.data) throw new Error('GET /api/posts: ' + JSON.stringify(list.error));
const titles: string[] = list.data.map((post) => post.${titleField});
const one = await client.GET('/api/posts/{id}', { params: { path: { id: list.data[0].id } } });
if (!one.data) throw new Error('GET /api/posts/{id}: ' + JSON.stringify(one.error));
const tags: string[] = one.data.tags.map((tag) => tag.name);
console.log(JSON.stringify({ titles, tags, keys: Object.keys(one.data).sort() }));
`;

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [command, ...args], { cwd, encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } });
}

/** Issue 12: the document types a client; a wrong field name is a compile error, and the typed program runs. */
export function clientCases({ test, server }: ExampleSuite): void {
  test('openapi-typescript types from /api/openapi.json: a typed openapi-fetch program type-checks and runs, a wrong field does not type-check', async () => {
    const { base } = server();
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    // Inside the repository, so that the programs resolve openapi-fetch from its node_modules.
    const dir = mkdtempSync(join(ROOT, '.tmp', 'client-'));
    try {
      const generated = await timed('openapi-typescript', () => run(OPENAPI_TYPESCRIPT, [`${base}/api/openapi.json`, '--output', join(dir, 'schema.d.ts')], dir));
      assert.is(generated.status, 0, generated.stderr);
      writeFileSync(join(dir, 'good.ts'), program('title'));
      writeFileSync(join(dir, 'bad.ts'), program('titel'));

      const good = await timed('tsc (typed client)', () => run(TSC, [...TSC_FLAGS, 'good.ts'], dir));
      assert.is(good.status, 0, good.stdout + good.stderr);
      const bad = run(TSC, [...TSC_FLAGS, 'bad.ts'], dir);
      assert.is(bad.status, 2, bad.stdout);
      assert.match(bad.stdout, /bad\.ts\(7,\d+\): error TS2551: Property 'titel' does not exist on type .*Did you mean 'title'\?/);

      const ran = run(join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), ['good.ts'], dir, { API_BASE: base });
      assert.is(ran.status, 0, ran.stderr);
      const output = JSON.parse(ran.stdout) as { titles: string[]; tags: string[]; keys: string[] };
      // Earlier cases change the posts: check the shapes, not the contents.
      assert.ok(output.titles.length > 0 && output.titles.every((title) => typeof title === 'string'), ran.stdout);
      assert.ok(output.tags.every((tag) => typeof tag === 'string'), ran.stdout);
      // The handlers return stored records: the response contract sends PostDto's fields only (no editorPasswordHash).
      assert.equal(output.keys, ['content', 'id', 'tags', 'title']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
