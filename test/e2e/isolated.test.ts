// The library as users get it: the packed tarball installed into an app of its own, outside the repository, built
// with both bundlers and served by `next start`. Regression (issue 9): with only the required peers installed,
// Turbopack failed the build on the library's literal import('class-validator-jsonschema').
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CHROMIUM } from './browser-cases';
import { buildExample, send, startExample, timed, type Bundler, type RunningServer } from './harness';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DOCS_PACKAGES, installIsolatedApp, installedVersion, MCP_PACKAGES, NEXT_15, removeIsolatedApp, runInstalledCli } from './isolated-app';

interface Variant {
  title: string;
  next: string;
  docs: boolean;
}

const VARIANTS: Variant[] = [
  { title: 'Next.js 16, only the required peers', next: installedVersion('next'), docs: false },
  { title: `Next.js ${NEXT_15} with the docs packages and the MCP SDK, wired by the installed CLI's init --swagger --mcp`, next: NEXT_15, docs: true },
];

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

// ISOLATED_VARIANT=<n> runs one variant (for iterating on it; CI runs both).
const only = process.env.ISOLATED_VARIANT === undefined ? undefined : Number(process.env.ISOLATED_VARIANT);
for (const variant of VARIANTS.filter((_, index) => only === undefined || index === only)) {
  let dir: string | undefined;
  // One install serves both bundlers' builds.
  let installed: Promise<string> | undefined;
  const install = () =>
    (installed ??= timed(`install isolated app, next ${variant.next}`, () => {
      const folder = installIsolatedApp({ next: variant.next, extra: variant.docs ? [...DOCS_PACKAGES, ...MCP_PACKAGES] : [] });
      if (variant.docs) runInstalledCli(folder, ['init', '--swagger', '--mcp', '--skip-install']);
      return folder;
    }));

  const bundlers: Bundler[] = ['turbopack', 'webpack'];
  bundlers.forEach((bundler, index) => {
    const test = suite(`isolated install, ${variant.title}, next build (${bundler}) + next start`);
    let server: RunningServer | undefined;
    let setupError: unknown;

    test.before(async () => {
      try {
        dir = await install();
        await timed(`next build, isolated ${variant.next} (${bundler})`, () => buildExample(bundler, dir));
        server = await startExample(30_000, dir, '/api/items/ready');
      } catch (error) {
        setupError = error;
      }
    });
    test.after(async () => {
      await server?.stop();
      if (index === bundlers.length - 1 && dir) removeIsolatedApp(dir);
    });
    const running = () => {
      if (setupError || !server) throw setupError ?? new Error('the isolated app did not start');
      return server;
    };

    test('builds and starts', () => {
      running();
    });

    test('answers a GET, a 201, a nested 422 and a 404', async () => {
      const { port } = running();
      const found = await send(port, 'GET', '/api/items/7');
      assert.is(found.status, 200);
      assert.equal(found.json(), { id: '7' });

      const created = await send(port, 'POST', '/api/items', json({ title: 'a', tags: [{ name: 'x' }] }));
      assert.is(created.status, 201);
      assert.equal(created.json(), { title: 'a', tags: [{ name: 'x' }] });

      // A nested DTO fails only when the library and the app share one copy of class-transformer.
      const invalid = await send(port, 'POST', '/api/items', json({ title: 'a', tags: [{ name: '' }] }));
      assert.is(invalid.status, 422);
      assert.equal(invalid.json().errors.map((error: { field: string }) => error.field), ['tags.0.name']);

      const missing = await send(port, 'GET', '/api/nope');
      assert.is(missing.status, 404);
      assert.match(String(missing.headers['content-type']), /json/);
    });

    if (!variant.docs) {
      test('the docs functions name the package to install when they are called, not at build time', async () => {
        const probe = (await send(running().port, 'GET', '/api/docs-probe')).json();
        assert.match(probe.openApi, 'npm install class-validator-jsonschema');
        assert.is(probe.swaggerUi.status, 500);
        assert.match(probe.swaggerUi.body, 'npm install swagger-ui-dist');
        assert.is(probe.scalar.status, 500);
        assert.match(probe.scalar.body, 'npm install @scalar/api-reference');
      });

      test('without @modelcontextprotocol/sdk the app built, and /mcp answers a JSON-RPC error naming the package', async () => {
        const response = await send(running().port, 'POST', '/mcp', {
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        });
        assert.is(response.status, 500);
        assert.match(response.json().error.message, 'npm install @modelcontextprotocol/sdk zod');
      });
    } else {
      test('init --swagger wrote what this Next.js version needs, and the document names the real classes', async () => {
        const response = await send(running().port, 'GET', '/api/openapi.json');
        assert.is(response.status, 200);
        const document = response.json();
        assert.ok(document.components.schemas.CreateItemDto, Object.keys(document.components.schemas).join(', '));
        assert.ok(document.components.schemas.TagDto);
        assert.is(document.paths['/api/items/{id}'].get.operationId, 'ItemsController_findOne');
        const config = readFileSync(join(dir!, 'next.config.mjs'), 'utf8');
        assert.match(config, 'serverMinification: false');
        assert.match(config, 'turbopackMinify: false');
      });

      test('with the SDK installed (bundled by this bundler), the MCP client lists the marked route and calls it', async () => {
        const client = new Client({ name: 'isolated', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(`${running().base}/mcp`)));
        try {
          const { tools } = await client.listTools();
          assert.equal(tools.map((tool) => tool.name), ['ItemsController_findOne']);
          assert.equal((await client.callTool({ name: 'ItemsController_findOne', arguments: { id: '7' } })).structuredContent, { id: '7' });
        } finally {
          await client.close();
        }
      });

      test('Swagger UI in headless Chromium loads the document and lists the operations', async () => {
        const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'], timeout: 30_000 });
        try {
          const page = await browser.newPage();
          page.setDefaultTimeout(20_000);
          await page.goto(`${running().base}/api-docs`, { waitUntil: 'load' });
          await page.waitForSelector('.opblock');
          const paths = await page.locator('.opblock-summary-path').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
          assert.ok(paths.includes('/api/items/{id}'), paths.join(', '));
        } finally {
          await browser.close();
        }
      });
    }

    test.run();
  });
}
