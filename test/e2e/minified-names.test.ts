// Issue 51: a production build with Next.js's default minification, which renames the server's classes, serves the
// document the sources give (next-app-controllers openapi, as in development): component names and operationIds are
// the class names. One install per Next.js version, one build per bundler.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildExample, ROOT, send, startExample, timed, type Bundler, type RunningServer } from './harness';
import { installedVersion, installIsolatedApp, NEXT_15, removeIsolatedApp, runInstalledCli } from './isolated-app';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'names-app');
const CLASSES = ['AuthorDto', 'CreatePostDto', 'ListPostsQuery', 'PostDto', 'PostsController'];
// Every bundler of both versions minified every class name (the DTOs, the nested one, the controller). Turbopack
// only here, the default build of create-next-app 16 and 15: webpack's minified builds are deploy.test.ts's standalone
// variants (Next.js 16), which check the same names; the CI budget has no room for a third build.
const VARIANTS: [string, Bundler[]][] = [
  [installedVersion('next'), ['turbopack']],
  [NEXT_15, ['turbopack']],
];

for (const [next, bundlers] of VARIANTS) {
  let dir: string | undefined;
  let committed: any;
  bundlers.forEach((bundler, index) => {
    const test = suite(`class names in the document: Next.js ${next}, next build (${bundler}) with default minification + next start`);
    let server: RunningServer | undefined;
    let setupError: unknown;

    test.before(async () => {
      try {
        if (!dir) {
          dir = await timed(`install names app, next ${next}`, () =>
            installIsolatedApp({ next, fixture: FIXTURE, minimal: true, extra: ['class-validator-jsonschema', 'zod'] }),
          );
          await timed(`openapi, names app ${next}`, () => runInstalledCli(dir!, ['openapi']));
          committed = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'));
        }
        await timed(`next build, names app ${next} (${bundler})`, () => buildExample(bundler, dir));
        server = await startExample(30_000, dir, '/api/class-names');
      } catch (error) {
        setupError = error;
      }
    });
    test.after(async () => {
      await server?.stop();
      if (index === bundlers.length - 1 && dir) removeIsolatedApp(dir);
    });
    const running = () => {
      if (setupError || !server) throw setupError ?? new Error('the names app did not start');
      return server;
    };

    test('the build minified the class names', async () => {
      const names = (await send(running().port, 'GET', '/api/class-names')).json() as string[];
      assert.ok(names.every((name, i) => name !== CLASSES[i]), names.join(', '));
    });

    test('serves the document the sources give, named after the classes', async () => {
      const response = await send(running().port, 'GET', '/api/openapi.json');
      assert.is(response.status, 200, response.text);
      const served = response.json();
      assert.equal(Object.keys(served.components.schemas).filter((name) => !name.startsWith('Error') && !name.startsWith('Validation')), ['AuthorDto', 'CreatePostDto', 'PostDto', 'ZodNote']);
      assert.equal(served.paths['/api/posts'].post.operationId, 'PostsController_create');
      assert.equal(served, committed);
    });

    test.run();
  });
}
