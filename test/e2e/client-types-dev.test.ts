// Issue 51: under `next dev`, the generated client's types follow the code with no command run by hand. The app is
// the names-app fixture installed from the packed tarball, wired by the installed CLI's `init` (its instrumentation.ts
// starts `openapi --watch` under next dev) and `generate client`; a field added to a DTO must reach schema.d.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { freePort, nextOf, ROOT, startServer, timed, timings, type RunningServer } from './harness';
import { installedVersion, installIsolatedApp, removeIsolatedApp, runInstalledCli } from './isolated-app';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'names-app');
const test = suite('next dev: the client types follow a DTO change');
let dir: string | undefined;
let server: RunningServer | undefined;
let setupError: unknown;

const until = async (what: string, done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s:\n${server?.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

test.before(async () => {
  try {
    const next = installedVersion('next');
    dir = await timed(`install names app for next dev, next ${next}`, () =>
      installIsolatedApp({ next, fixture: FIXTURE, minimal: true, extra: ['class-validator-jsonschema', 'zod', 'openapi-typescript', 'openapi-fetch'] }),
    );
    runInstalledCli(dir, ['init', '--skip-install']);
    runInstalledCli(dir, ['generate', 'client', '--skip-install']);
    const port = await freePort();
    server = await timed('next dev ready (names app)', () =>
      startServer([nextOf(dir!).bin, 'dev', '--hostname', '127.0.0.1', '--port', String(port)], dir!, port, 90_000, '/api/class-names'),
    );
    await until('the watcher start', () => server!.output().includes('schema.d.ts follows the code'), 30_000);
  } catch (error) {
    setupError = error;
  }
});
test.after(async () => {
  await server?.stop();
  if (dir) removeIsolatedApp(dir);
});

test('a field added to a DTO is in schema.d.ts within seconds, and no other process than next dev was started by hand', async () => {
  if (setupError || !server) throw setupError ?? new Error('next dev did not start');
  const schema = join(dir!, 'src/lib/api/schema.d.ts');
  assert.not.match(readFileSync(schema, 'utf8'), 'nickname');
  const dto = join(dir!, 'src/features/posts/dto.ts');
  const source = readFileSync(dto, 'utf8');
  writeFileSync(dto, source.replace('export class AuthorDto {\n', 'export class AuthorDto {\n  @IsOptional()\n  @IsString()\n  nickname?: string;\n\n'));
  const saved = performance.now();
  await until('schema.d.ts with the new field', () => readFileSync(schema, 'utf8').includes('nickname?: string'), 20_000);
  timings['save → schema.d.ts (next dev)'] = (performance.now() - saved) / 1000;
  // The watcher prints once the CLI that wrote the file has exited: moments after the file changed.
  await until("the watcher's line", () => server!.output().includes('schema.d.ts written again'), 10_000);
  assert.match(server.output(), 'schema.d.ts written again');
});

test.run();
