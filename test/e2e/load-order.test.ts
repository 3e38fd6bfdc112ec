// Issue 52: DTO files whose class-transformer @Type reads reflect-metadata as it decorates, in the two shapes where
// Turbopack's scope hoisting evaluated them before the library (test/fixtures/load-order-app/README.md), installed from
// the packed tarball and built with both bundlers on Next.js 16 and 15. The DTO file's `import 'next-app-controllers/dto'`
// is what makes them build: without it, Turbopack's build of this fixture on Next.js 16 failed with
// `Reflect.getMetadata is not a function` while collecting the second route's configuration.
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildExample, ROOT, send, startExample, timed, type Bundler, type RunningServer } from './harness';
import { installedVersion, installIsolatedApp, NEXT_15, removeIsolatedApp } from './isolated-app';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'load-order-app');
const BUNDLERS: Bundler[] = ['turbopack', 'webpack'];
const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

for (const next of [installedVersion('next'), NEXT_15]) {
  let dir: string | undefined;
  BUNDLERS.forEach((bundler, index) => {
    const test = suite(`DTOs in any load order: Next.js ${next}, next build (${bundler}) + next start`);
    let server: RunningServer | undefined;
    let setupError: unknown;

    test.before(async () => {
      try {
        dir ??= await timed(`install load-order app, next ${next}`, () => installIsolatedApp({ next, fixture: FIXTURE, minimal: true }));
        await timed(`next build, load-order ${next} (${bundler})`, () => buildExample(bundler, dir));
        server = await startExample(30_000, dir, '/acc-api/design');
      } catch (error) {
        setupError = error;
      }
    });
    test.after(async () => {
      await server?.stop();
      if (index === BUNDLERS.length - 1 && dir) removeIsolatedApp(dir);
    });
    const running = () => {
      if (setupError || !server) throw setupError ?? new Error('the load-order app did not start');
      return server;
    };

    test('the controllers imported before the library: the nested DTO is validated and built', async () => {
      const { port } = running();
      const created = await send(port, 'POST', '/api/events', json({ data: { ref: 'evt_1' } }));
      assert.is(created.status, 201);
      assert.equal(created.json(), { ref: 'evt_1', nested: true });
      const invalid = await send(port, 'POST', '/api/events', json({ data: { ref: 1 } }));
      assert.is(invalid.status, 422);
      assert.equal(invalid.json().errors.map((error: { field: string }) => error.field), ['data.ref']);
    });

    test('two routes whose module starts with a decorated class: each serves, with the DTO decorated after reflect-metadata loaded', async () => {
      const { port } = running();
      for (const route of ['/acc-api', '/acc-api-copy']) {
        const design = await send(port, 'GET', `${route}/design`);
        assert.is(design.status, 200, route);
        assert.equal(design.json(), { decorated: 'function', designTypeIsEventData: true }, route);
      }
    });

    test.run();
  });
}
