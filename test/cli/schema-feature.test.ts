import { existsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, REPO_ROOT, cleanup, read, tempProject, write } from './helpers';
import { exec } from './processes';

// Issue 34: a resource generated with `--schema <library>` type-checks, is documented by `openapi` (parameters from the
// query schema, components from the named schemas) and `generate client` types it: a misspelt field fails tsc. Each
// command runs the built CLI in a child process, in a copy of the fixture with the repository's node_modules.

const cli = (dir: string, ...args: string[]) => exec(process.execPath, [BIN, ...args], { cwd: dir, timeout: 120_000 });
const tsc = (dir: string) => exec(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', dir], { cwd: dir, timeout: 120_000 });

/**
 * A server module reading a field of the typed create response: `title`, or a misspelling tsc must reject; and the
 * list's page (`@Paginated`: `offset` and `limit` numbers, `{ items, total }`).
 */
const typedClientUse = (field: string) => `import { api } from '@/lib/api/server';

export async function createdTitle() {
  const { data, error } = await api.POST('/api/posts', { body: { title: 'Typed', content: 'client' } });
  if (error) return undefined;
  const page = await api.GET('/api/posts', { params: { query: { offset: 0, limit: 10 } } });
  return [data.${field}, page.data?.items.length, page.data?.total];
}
`;

type Document = {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
  components: { schemas: Record<string, unknown> };
};

const feature = suite('generate resource --schema, end to end through the CLI');
feature.after.each(cleanup);

for (const library of ['zod', 'valibot', 'arktype'] as const) {
  feature(`${library}: the resource type-checks, openapi documents it (--check clean), and the typed client compiles against it`, async () => {
    const dir = tempProject('src');
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
    for (const args of [
      ['init', '--skip-install'],
      ['g', 'resource', 'posts', '--schema', library, '--skip-install'],
    ]) {
      const { code, output } = await cli(dir, ...args);
      assert.is(code, 0, output);
    }
    assert.ok(existsSync(join(dir, 'src/features/posts/schemas.ts')));

    const documented = await cli(dir, 'openapi');
    assert.is(documented.code, 0, documented.output);
    const document = JSON.parse(read(dir, 'openapi.json')) as Document;
    const list = document.paths['/api/posts'].get;
    assert.equal(
      list.parameters!.map((parameter) => `${parameter.in} ${parameter.name}`),
      ['query offset', 'query limit'],
    );
    for (const name of ['CreatePost', 'Post', 'UpdatePost']) assert.ok(document.components.schemas[name], `${name} in ${Object.keys(document.components.schemas).join(', ')}`);

    const client = await cli(dir, 'generate', 'client', '--skip-install');
    assert.is(client.code, 0, client.output);
    const checked = await cli(dir, 'openapi', '--check');
    assert.is(checked.code, 0, checked.output);

    write(dir, 'src/lib/api/use.ts', typedClientUse('title'));
    const compiled = await tsc(dir);
    assert.is(compiled.code, 0, compiled.output);
    write(dir, 'src/lib/api/use.ts', typedClientUse('titel'));
    const misspelt = await tsc(dir);
    assert.is(misspelt.code, 2, misspelt.output);
    assert.match(misspelt.output, "Property 'titel' does not exist");
  });
}

feature.run();
