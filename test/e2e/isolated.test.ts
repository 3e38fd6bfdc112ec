// The library as users get it: the packed tarball installed into an app of its own, outside the repository, built
// with both bundlers and served by `next start`. Regression (issue 9): with only the required peers installed,
// Turbopack failed the build on the library's literal import('class-validator-jsonschema'). Issue 34: beside the
// class-validator controller, one on Zod and one on Valibot; without @valibot/to-json-schema (the first variant) the
// build must not need it, with it (the docs variant) the document, `openapi --check` and the typed client cover them.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startJwksServer, type JwksServer } from '../support/jwks-server';
import { authCases } from './auth-cases';
import { mcpAuthCases } from './mcp-auth-cases';
import { CHROMIUM } from './browser-cases';
import { buildExample, send, startExample, timed, type Bundler, type RunningServer } from './harness';
import {
  cleanEnv,
  DOCS_PACKAGES,
  installIsolatedApp,
  installedVersion,
  MCP_PACKAGES,
  NEXT_15,
  removeIsolatedApp,
  runInstalledCli,
  SCHEMA_DOCS_PACKAGES,
} from './isolated-app';
import { servicesCases } from './services-cases';

interface Variant {
  title: string;
  next: string;
  docs: boolean;
}

const VARIANTS: Variant[] = [
  { title: 'Next.js 16, only the required peers (and the schema libraries)', next: installedVersion('next'), docs: false },
  { title: `Next.js ${NEXT_15} with the docs packages and the MCP SDK, wired by the installed CLI's init --swagger --mcp`, next: NEXT_15, docs: true },
].filter((variant) => !process.env.ISOLATED_VARIANT || (process.env.ISOLATED_VARIANT === 'docs') === variant.docs);

// A run while iterating: ISOLATED_VARIANT=peers|docs and E2E_BUNDLER=turbopack|webpack pick one of each (CI runs all).
// ISOLATED_KEEP=1 leaves the installed folder (its path is printed); ISOLATED_DIR=<it> reuses it instead of installing,
// and with E2E_REUSE_BUILD=1 also its last build (never in CI).
const KEEP = process.env.ISOLATED_KEEP === '1' || process.env.ISOLATED_DIR !== undefined;
const BUNDLERS: Bundler[] = (['turbopack', 'webpack'] as const).filter((bundler) => !process.env.E2E_BUNDLER || process.env.E2E_BUNDLER === bundler);

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A module of the app on the typed client, over the schema routes: next build type-checks it, and so does `tsc`. */
const TYPED_CLIENT_USE = `import { api } from '@/lib/api/server';

export async function schemaRoutes() {
  const note = await api.POST('/api/notes', { body: { text: 'typed', tags: [{ name: 'a' }] } });
  const label = await api.POST('/api/labels', { body: { name: 'typed', color: 'green' } });
  return [note.data?.text, note.data?.tags[0]?.name, label.data?.color];
}
`;

for (const variant of VARIANTS) {
  let dir: string | undefined;
  // One install serves both bundlers' builds.
  let installed: Promise<string> | undefined;
  const install = () =>
    (installed ??= timed(`install isolated app, next ${variant.next}`, () => {
      if (process.env.ISOLATED_DIR) return process.env.ISOLATED_DIR;
      const folder = installIsolatedApp({ next: variant.next, extra: variant.docs ? [...DOCS_PACKAGES, ...SCHEMA_DOCS_PACKAGES, ...MCP_PACKAGES] : [] });
      if (variant.docs) {
        runInstalledCli(folder, ['init', '--swagger', '--mcp', '--skip-install']);
        // The typed client of the schema routes, written before the build, which type-checks it; and the document.
        runInstalledCli(folder, ['generate', 'client', '--skip-install']);
        writeFileSync(join(folder, 'src/lib/api/schema-routes.ts'), TYPED_CLIENT_USE);
        runInstalledCli(folder, ['openapi']);
      }
      return folder;
    }));

  const bundlers = BUNDLERS;
  bundlers.forEach((bundler, index) => {
    const test = suite(`isolated install, ${variant.title}, next build (${bundler}) + next start`);
    let server: RunningServer | undefined;
    let jwks: JwksServer | undefined;
    let setupError: unknown;

    test.before(async () => {
      try {
        dir = await install();
        if (KEEP) console.log(`isolated app: ${dir}`);
        if (!(process.env.ISOLATED_DIR && process.env.E2E_REUSE_BUILD === '1')) await timed(`next build, isolated ${variant.next} (${bundler})`, () => buildExample(bundler, dir));
        // The account controller's JWKS, on loopback: the app reads its address from the environment at start.
        jwks = await startJwksServer();
        server = await startExample(30_000, dir, '/api/items/ready', { AUTH_JWKS_URL: jwks.url });
      } catch (error) {
        setupError = error;
      }
    });
    servicesCases(test, () => ({ dir: setupError ? undefined : dir, env: { AUTH_JWKS_URL: jwks?.url ?? '' }, bearer: (sub) => jwks!.sign({ sub }) }));
    test.after(async () => {
      await server?.stop();
      await jwks?.close();
      if (index === bundlers.length - 1 && dir && !KEEP) removeIsolatedApp(dir);
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

    test('a Zod and a Valibot controller beside the DTO one: 422 with the libraries\' issues, responses sent as the schema outputs them', async () => {
      const { port } = running();
      const note = await send(port, 'POST', '/api/notes', json({ text: 'hi', tags: [{ name: 'a' }], extra: 1 }));
      assert.is(note.status, 201);
      assert.equal(note.json(), { id: 1, text: 'hi', tags: [{ name: 'a' }] });
      const found = await send(port, 'GET', '/api/notes/7');
      assert.is(found.status, 200);
      assert.equal(found.json(), { id: 7, text: 'stored', tags: [] });

      const invalidNote = await send(port, 'POST', '/api/notes', json({ text: '', tags: [{ name: '' }] }));
      assert.is(invalidNote.status, 422);
      const noteBody = invalidNote.json();
      assert.is(noteBody.message, 'Validation failed');
      assert.equal(noteBody.errors.map((error: { field: string; in: string }) => `${error.in} ${error.field}`), ['body text', 'body tags.0.name']);
      const invalidPath = await send(port, 'GET', '/api/notes/abc');
      assert.is(invalidPath.status, 422);
      assert.equal(invalidPath.json().errors.map((error: { field: string; in: string }) => `${error.in} ${error.field}`), ['path id']);

      const label = await send(port, 'POST', '/api/labels', json({ name: 'urgent', color: 'red' }));
      assert.is(label.status, 200);
      assert.equal(label.json(), { name: 'urgent', color: 'red' });
      const invalidLabel = await send(port, 'POST', '/api/labels', json({ name: 'urgent', color: 'blue' }));
      assert.is(invalidLabel.status, 422);
      assert.equal(invalidLabel.json().errors.map((error: { field: string }) => error.field), ['color']);
    });

    test('auth on next start: a valid JWT from the loopback JWKS 200 with its principal, expired 401, a missing scope 403 insufficient_scope', async () => {
      const { port } = running();
      const bearer = async (claims: Record<string, unknown>, expiresIn?: string | number) => ({ authorization: `Bearer ${await jwks!.sign(claims, { expiresIn })}` });
      const me = await send(port, 'GET', '/api/account/me', { headers: await bearer({ sub: 'u1' }) });
      assert.is(me.status, 200, me.text);
      assert.equal(me.json(), { sub: 'u1' });
      assert.is(me.headers['cache-control'], 'private');
      const none = await send(port, 'GET', '/api/account/me');
      assert.is(none.status, 401);
      assert.match(String(none.headers['www-authenticate']), 'Bearer realm="jwt"');
      const expired = await send(port, 'GET', '/api/account/me', { headers: await bearer({ sub: 'u1' }, Math.floor(Date.now() / 1000) - 60) });
      assert.is(expired.status, 401);
      assert.match(String(expired.headers['www-authenticate']), 'error="invalid_token"');
      const unscoped = await send(port, 'POST', '/api/account/orders', { headers: await bearer({ sub: 'u1', scope: 'orders:read' }) });
      assert.is(unscoped.status, 403);
      assert.match(String(unscoped.headers['www-authenticate']), 'error="insufficient_scope", scope="orders:write"');
      const scoped = await send(port, 'POST', '/api/account/orders', { headers: await bearer({ sub: 'u1', scope: 'orders:write' }) });
      assert.is(scoped.status, 200, scoped.text);
      assert.equal(scoped.json(), { ordered: true });
    });

    test('auth on next start: a cross-site DELETE with only a session cookie is 403; with a bearer token it passes', async () => {
      const { port } = running();
      const crossSite = { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' };
      const cookie = await send(port, 'DELETE', '/api/account/orders/9', { headers: { ...crossSite, cookie: 'sid=valid-session' } });
      assert.is(cookie.status, 403, cookie.text);
      assert.match(cookie.json().message, 'Cross-site DELETE refused');
      const sameSite = await send(port, 'DELETE', '/api/account/orders/9', { headers: { cookie: 'sid=valid-session' } });
      assert.is(sameSite.status, 200, sameSite.text);
      assert.equal(sameSite.json(), { cancelled: '9', by: 'cookie-user' });
      const token = await send(port, 'DELETE', '/api/account/orders/9', { headers: { ...crossSite, authorization: `Bearer ${await jwks!.sign({ sub: 'u2' })}` } });
      assert.is(token.status, 200, token.text);
      assert.equal(token.json(), { cancelled: '9', by: 'u2' });
    });

    authCases(test, running, () => jwks!);

    test('a GET after a POST sees it (under Next.js 16 with cacheComponents: true, nothing is frozen at build time), with a new ETag', async () => {
      const { port } = running();
      const before = await send(port, 'GET', '/api/items');
      assert.is(before.status, 200);
      const tag = String(before.headers.etag);
      assert.is((await send(port, 'GET', '/api/items', { headers: { 'if-none-match': tag } })).status, 304);
      const title = `${bundler} ${Date.now()}`;
      assert.is((await send(port, 'POST', '/api/items', json({ title, tags: [] }))).status, 201);
      const after = await send(port, 'GET', '/api/items', { headers: { 'if-none-match': tag } });
      assert.is(after.status, 200);
      assert.ok(after.json().some((item: { title: string }) => item.title === title), after.text);
      assert.not.equal(after.headers.etag, tag);
    });

    test('tracing: true without @opentelemetry/api installed: the app built and serves, with no error logged (Next.js lends its own copy of the API)', () => {
      assert.not.ok(existsSync(join(dir!, 'node_modules', '@opentelemetry', 'api')), '@opentelemetry/api is installed: the variant tests nothing');
      // Both bundlers resolve a missing @opentelemetry/api to next/dist/compiled/@opentelemetry/api: tracing reads the
      // same global registry through it, and finds no provider here.
      assert.not.match(running().output(), /⨯|Error/);
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
      test('init --swagger wrote no minification setting, and the document names the real classes', async () => {
        const response = await send(running().port, 'GET', '/api/openapi.json');
        assert.is(response.status, 200);
        const document = response.json();
        assert.ok(document.components.schemas.CreateItemDto, Object.keys(document.components.schemas).join(', '));
        assert.ok(document.components.schemas.TagDto);
        assert.is(document.paths['/api/items/{id}'].get.operationId, 'ItemsController_findOne');
        // Issue 51: init writes no minification setting. The fixture's own serverMinification: false does not reach
        // Next.js 15's Turbopack build, whose minified names are read back from the openapi.json written before it.
        const config = readFileSync(join(dir!, 'next.config.mjs'), 'utf8');
        assert.not.match(config, 'turbopackMinify');
      });

      test('the document describes the schema routes, openapi --check is clean, and the typed client compiles against it', async () => {
        const document = (await send(running().port, 'GET', '/api/openapi.json')).json();
        for (const name of ['CreateNote', 'Note', 'CreateLabel', 'Label', 'CreateItemDto']) assert.ok(document.components.schemas[name], name);
        assert.equal(document.paths['/api/notes'].post.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/CreateNote' });
        assert.equal(document.paths['/api/notes/{id}'].get.parameters[0].schema, { type: 'integer', minimum: 1, maximum: 9007199254740991 });
        // The file `openapi` wrote from the sources is what the running app serves, and --check finds nothing changed.
        assert.equal(JSON.parse(readFileSync(join(dir!, 'openapi.json'), 'utf8')), document);
        runInstalledCli(dir!, ['openapi', '--check']);
        const tsc = spawnSync(process.execPath, [join(dir!, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', dir!], { cwd: dir, env: cleanEnv(), encoding: 'utf8' });
        assert.is(tsc.status, 0, `${tsc.stdout}${tsc.stderr}`);
        // A misspelt field is a compile error (removed at once: the other bundler builds this folder next).
        const misspeltFile = join(dir!, 'src/lib/api/misspelt.ts');
        writeFileSync(misspeltFile, TYPED_CLIENT_USE.replace('note.data?.text', 'note.data?.txt'));
        try {
          const misspelt = spawnSync(process.execPath, [join(dir!, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', dir!], { cwd: dir, env: cleanEnv(), encoding: 'utf8' });
          assert.match(`${misspelt.stdout}`, "Property 'txt' does not exist");
        } finally {
          rmSync(misspeltFile, { force: true });
        }
      });

      mcpAuthCases(test, running, () => jwks!);

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
