// Where users deploy (issue 25): the packed library in an app wired by the installed CLI's `init --swagger`, built
// with `output: 'standalone'` and served by `node server.js` from a copy in a fresh folder, started from another working
// directory; with the React Compiler on (Babel runs on the app); and as the member apps/web of an npm workspace (all
// hoisted to the root) and of a pnpm workspace. Each variant is one `next build`. Regression: the standalone folder
// had neither class-validator-jsonschema nor swagger-ui-dist, so /api/openapi.json and /api-docs answered 500. Two
// variants also run `init --mcp` (the SDK bundled by each bundler), one with `--docs-ui scalar` (Scalar's bundle traced).
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CHROMIUM } from './browser-cases';
import { buildExample, ROOT, send, startExample, timed, type Bundler, type RunningServer } from './harness';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DOCS_PACKAGES, installedVersion, installIsolatedApp, installWorkspaceApp, MCP_PACKAGES, removeIsolatedApp, runInstalledCli, SCHEMA_DOCUMENT_PACKAGES } from './isolated-app';
import { startStandalone } from './standalone';

const REACT_COMPILER_PAGE = join(ROOT, 'test', 'fixtures', 'react-compiler-page');
/** The React Compiler's Babel plugin (stable since 1.0), and reflect-metadata for the client component's DTOs. */
const REACT_COMPILER_PACKAGES = ['babel-plugin-react-compiler@1.0.0', 'reflect-metadata'];

interface Variant {
  title: string;
  bundler: Bundler;
  /** The app is apps/web of a workspace of this package manager rather than a project of its own. */
  workspace?: 'npm' | 'pnpm';
  /** next.config settings the app has when `init --swagger` runs. */
  before: string[];
  /** Settings added by hand after `init --swagger` (as `output: 'standalone'` usually is, for Docker). */
  after: string[];
  /** Serves the build with `next start` too. */
  nextStart?: boolean;
  /** `init --docs-ui scalar`: Scalar at /api-docs instead of Swagger UI. */
  scalar?: boolean;
  /** `init --mcp` with the SDK installed: /mcp, the SDK bundled into the standalone output. */
  mcp?: boolean;
}

const VARIANTS: Variant[] = [
  {
    title: "standalone and reactCompiler: true set before init --swagger --mcp, Turbopack",
    bundler: 'turbopack',
    before: ["output: 'standalone'", 'reactCompiler: true'],
    after: [],
    mcp: true,
  },
  {
    title: "standalone and reactCompiler { compilationMode: 'all' } added after init --docs-ui scalar --mcp, webpack",
    bundler: 'webpack',
    before: [],
    after: ["output: 'standalone'", "reactCompiler: { compilationMode: 'all' }"],
    scalar: true,
    mcp: true,
  },
  {
    title: 'apps/web of an npm workspace, the library hoisted to the root, standalone added after init --swagger, Turbopack',
    bundler: 'turbopack',
    workspace: 'npm',
    before: [],
    after: ["output: 'standalone'"],
    nextStart: true,
  },
  {
    title: 'apps/web of a pnpm workspace (packages in the root store, linked into the app), standalone added after init --swagger, webpack',
    bundler: 'webpack',
    workspace: 'pnpm',
    before: [],
    after: ["output: 'standalone'"],
  },
];

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const configText = (settings: string[]) =>
  `/** @type {import('next').NextConfig} */\nconst nextConfig = {${settings.map((line) => `\n  ${line},`).join('')}\n};\n\nexport default nextConfig;\n`;

/** Scalar's package in place of swagger-ui-dist. */
const SCALAR_PACKAGES = ['class-validator-jsonschema', '@scalar/api-reference'];

/** Installs the app, writes its next.config, runs `init --swagger`, adds the later settings and builds. Returns the app folder. */
function prepare(variant: Variant): { root: string; app: string } {
  const compiler = [...variant.before, ...variant.after].some((line) => line.startsWith('reactCompiler'));
  const docs = variant.scalar ? SCALAR_PACKAGES : DOCS_PACKAGES;
  const options = { next: installedVersion('next'), extra: [...docs, ...SCHEMA_DOCUMENT_PACKAGES, ...(variant.mcp ? MCP_PACKAGES : []), ...(compiler ? REACT_COMPILER_PACKAGES : [])] };
  const root = variant.workspace ? installWorkspaceApp(options, variant.workspace) : installIsolatedApp(options);
  const app = variant.workspace ? join(root, 'apps', 'web') : root;
  if (compiler) cpSync(join(REACT_COMPILER_PAGE, 'src'), join(app, 'src'), { recursive: true });
  const config = join(app, 'next.config.mjs');
  writeFileSync(config, configText(variant.before));
  // npm hoists the CLI's bin to the workspace root; pnpm links it into the app.
  const args = ['init', '--swagger', ...(variant.scalar ? ['--docs-ui', 'scalar'] : []), ...(variant.mcp ? ['--mcp'] : []), '--skip-install'];
  runInstalledCli(app, args, variant.workspace === 'npm' ? root : app);
  if (variant.after.length > 0) {
    writeFileSync(config, readFileSync(config, 'utf8').replace('const nextConfig = {', `const nextConfig = {${variant.after.map((line) => `\n  ${line},`).join('')}`));
  }
  // What the build script init writes (`next-app-controllers openapi && next build`) runs first (issue 51): the
  // document a minified build reads its class names from.
  runInstalledCli(app, ['openapi'], variant.workspace === 'npm' ? root : app);
  buildExample(variant.bundler, app);
  return { root, app };
}

// DEPLOY_VARIANT=<n> runs one variant (for iterating on it; CI runs all).
const only = process.env.DEPLOY_VARIANT === undefined ? undefined : Number(process.env.DEPLOY_VARIANT);
for (const variant of VARIANTS.filter((_, index) => only === undefined || index === only)) {
  const test = suite(`deploy: ${variant.title}`);
  let root: string | undefined;
  let app = '';
  const servers: [string, RunningServer][] = [];
  let setupError: unknown;
  const compiler = [...variant.before, ...variant.after].some((line) => line.startsWith('reactCompiler'));

  test.before(async () => {
    try {
      ({ root, app } = await timed(`deploy: install, init, next build (${variant.title})`, () => prepare(variant)));
      servers.push(['standalone server.js', await startStandalone(app, '/api/items/ready')]);
      if (variant.nextStart) servers.push(['next start', await startExample(30_000, app, '/api/items/ready')]);
    } catch (error) {
      setupError = error;
    }
  });
  test.after(async () => {
    for (const [, server] of servers) await server.stop();
    if (root) removeIsolatedApp(root);
  });
  const running = () => {
    if (setupError || servers.length === 0) throw setupError ?? new Error('the app did not start');
    return servers;
  };

  test('init --swagger wrote the tracing setting, and the deployment settings are kept', () => {
    running();
    const config = readFileSync(join(app, 'next.config.mjs'), 'utf8');
    assert.match(config, "output: 'standalone'");
    if (variant.scalar) assert.match(config, "'/api-docs': ['./node_modules/@scalar/api-reference/package.json', './node_modules/@scalar/api-reference/dist/browser/standalone.js'");
    else assert.match(config, "'/api-docs': ['./node_modules/swagger-ui-dist/*'");
    if (variant.workspace) assert.match(config, "'../../node_modules/swagger-ui-dist/*'");
    // Issue 51: standalone carries openapi.json, where the minified build reads the class names from.
    assert.match(config, "'/api/openapi.json': ['./openapi.json']");
    if (variant.mcp) assert.match(config, "'/mcp': ['./openapi.json']");
  });

  test('the API answers a GET, a 201 and the nested 422 of @Body', async () => {
    for (const [name, { port }] of running()) {
      const found = await send(port, 'GET', '/api/items/7');
      assert.is(found.status, 200, name);
      assert.equal(found.json(), { id: '7' });
      const created = await send(port, 'POST', '/api/items', json({ title: 'a', tags: [{ name: 'x' }] }));
      assert.is(created.status, 201, name);
      const invalid = await send(port, 'POST', '/api/items', json({ title: 'a', tags: [{ name: '' }] }));
      assert.is(invalid.status, 422, name);
      assert.equal(invalid.json().errors.map((error: { field: string }) => error.field), ['tags.0.name']);
    }
  });

  test('/api/openapi.json documents the real classes', async () => {
    for (const [name, { port }] of running()) {
      const response = await send(port, 'GET', '/api/openapi.json');
      assert.is(response.status, 200, `${name}: ${response.text.slice(0, 300)}`);
      const document = response.json();
      assert.ok(document.components.schemas.CreateItemDto, Object.keys(document.components.schemas).join(', '));
      assert.ok(document.components.schemas.TagDto);
      assert.is(document.paths['/api/items/{id}'].get.operationId, 'ItemsController_findOne');
    }
  });

  if (variant.scalar) {
    test("the Scalar page's files answer from the standalone folder, the bundle with @scalar/api-reference's own bytes", async () => {
      const bundle = readFileSync(join(app, 'node_modules', '@scalar', 'api-reference', 'dist', 'browser', 'standalone.js'));
      for (const [name, { port }] of running()) {
        const page = await send(port, 'GET', '/api-docs');
        assert.is(page.status, 200, `${name}: ${page.text.slice(0, 300)}`);
        const links = [...page.text.matchAll(/src="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
        assert.is(links.length, 2, links.join(', '));
        const standalone = await send(port, 'GET', links.find((link) => link.includes('/standalone.js'))!);
        assert.is(standalone.status, 200, name);
        assert.ok(standalone.body.equals(bundle), `${name}: standalone.js differs from the package's`);
        assert.match((await send(port, 'GET', links.find((link) => link.includes('/scalar-init.js'))!)).text, 'Scalar.createApiReference');
      }
    });

    test('Scalar in headless Chromium loads the document from the standalone server, every request on its origin', async () => {
      const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'], timeout: 30_000 });
      try {
        for (const [name, { base }] of running()) {
          const page = await browser.newPage();
          page.setDefaultTimeout(20_000);
          const elsewhere: string[] = [];
          await page.route('**/*', (route) => {
            const url = route.request().url();
            if (url.startsWith(`${base}/`) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
            elsewhere.push(url);
            return route.abort();
          });
          const loaded = page.waitForResponse((response) => response.url().endsWith('/api/openapi.json') && response.status() === 200);
          await page.goto(`${base}/api-docs`, { waitUntil: 'load' });
          await loaded;
          await page.getByText('/api/items/{id}').first().waitFor();
          assert.equal(elsewhere, [], name);
          await page.close();
        }
      } finally {
        await browser.close();
      }
    });
  }

  if (variant.mcp) {
    test('MCP: the SDK bundled into the build answers from the standalone server: the marked route is a tool, and it runs', async () => {
      for (const [name, { base }] of running()) {
        const client = new Client({ name: 'deploy', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
        try {
          assert.equal((await client.listTools()).tools.map((tool) => tool.name), ['ItemsController_findOne'], name);
          assert.equal((await client.callTool({ name: 'ItemsController_findOne', arguments: { id: '7' } })).structuredContent, { id: '7' }, name);
        } finally {
          await client.close();
        }
      }
    });
  }

  if (!variant.scalar) test("every asset the Swagger UI page links answers with swagger-ui-dist's own bytes", async () => {
    const dist = dirname(createRequire(join(app, 'package.json')).resolve('swagger-ui-dist/package.json'));
    for (const [name, { port }] of running()) {
      const page = await send(port, 'GET', '/api-docs');
      assert.is(page.status, 200, `${name}: ${page.text.slice(0, 300)}`);
      const links = [...page.text.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
      assert.is(links.length, 6, links.join(', '));
      for (const link of links) {
        const asset = await send(port, 'GET', link);
        assert.is(asset.status, 200, `${name}: ${link}`);
        const file = new URL(link, 'http://x').pathname.split('/').pop()!;
        if (file === 'swagger-initializer.js') assert.match(asset.text, 'SwaggerUIBundle');
        else assert.ok(asset.body.equals(readFileSync(join(dist, file))), `${name}: ${link} differs from ${file}`);
        assert.match(String(asset.headers['content-type']), { '.js': 'javascript', '.css': 'text/css', '.png': 'image/png' }[extname(file)]!);
      }
    }
  });

  if (!variant.scalar) test('Swagger UI in headless Chromium loads the document and lists the operations', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'], timeout: 30_000 });
    try {
      for (const [name, { base }] of running()) {
        const page = await browser.newPage();
        page.setDefaultTimeout(20_000);
        await page.goto(`${base}/api-docs`, { waitUntil: 'load' });
        await page.waitForSelector('.opblock');
        const paths = await page.locator('.opblock-summary-path').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
        assert.ok(paths.includes('/api/items/{id}'), `${name}: ${paths.join(', ')}`);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });

  if (compiler) {
    test('the React Compiler compiled the client code, and its page validates with the DTO classes in the browser', async () => {
      const chunks = join(app, '.next', 'static', 'chunks');
      const compiled = readdirSync(chunks, { recursive: true })
        .map(String)
        .filter((file) => file.endsWith('.js'))
        .some((file) => readFileSync(join(chunks, file), 'utf8').includes('react.memo_cache_sentinel'));
      assert.ok(compiled, 'no client chunk holds the compiler runtime: the React Compiler did not run');
      const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'], timeout: 30_000 });
      try {
        const page = await browser.newPage();
        page.setDefaultTimeout(20_000);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(String(error)));
        await page.goto(running()[0][1].base, { waitUntil: 'load' });
        await page.locator('#dto-errors', { hasText: 'title,tags' }).waitFor();
        await page.fill('input[name=title]', 'a');
        await page.locator('#dto-errors', { hasText: /^tags$/ }).waitFor();
        assert.equal(errors, []);
      } finally {
        await browser.close();
      }
    });
  }

  test.run();
}
