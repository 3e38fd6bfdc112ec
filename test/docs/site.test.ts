// The built docs site in Debian's Chromium (issue 32): docs/out/ served as plain files by a tiny static server on a
// loopback port (no Next.js server: what any static host does), then the home page, a guide and a reference page
// render with their sidebar navigation and table of contents, dark mode applies, code blocks have a copy button, and
// searching `formatError` offline finds the Errors guide. Screenshots go to test/artifacts/docs/ (gitignored).
// `npm run test:docs` builds docs/out/ first (npm run docs:build).
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DOCS, ROOT } from './helpers';

/** docs/out/, or another export to browse (DOCS_OUT). */
const OUT = process.env.DOCS_OUT ? resolve(process.env.DOCS_OUT) : join(DOCS, 'out');
const ARTIFACTS = join(ROOT, 'test', 'artifacts', 'docs');
/** Debian's chromium (apt-get install chromium); CHROMIUM_PATH overrides it. The same flags as the e2e tests. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The file a request path is answered with, as static hosts do: the file, `<path>.html` or `<path>/index.html`. */
function fileFor(urlPath: string): string | undefined {
  const path = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const base = join(OUT, path);
  for (const candidate of [base, `${base.replace(/[/\\]$/, '')}.html`, join(base, 'index.html')]) {
    if (candidate.startsWith(OUT) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function serve(): Promise<Server> {
  const server = createServer((request, response) => {
    const file = fileFor(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      createReadStream(join(OUT, '404.html')).pipe(response);
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server: Server;
let browser: Browser;
let base: string;
/** What went wrong in the pages: console errors, uncaught errors, failed requests, requests leaving the machine. */
const problems: string[] = [];

async function open(path: string, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
  await start();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: options.colorScheme ?? 'light' });
  page.setDefaultTimeout(20_000);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${path}: console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${path}: ${String(error)}`));
  // Next prefetches the pages a page links to; closing the page aborts those still loading (net::ERR_ABORTED).
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`${path}: request failed: ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${path}: ${response.status()} for ${response.url()}`);
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(base) && !request.url().startsWith('data:')) problems.push(`${path}: a request off the site: ${request.url()}`);
  });
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  return page;
}

/** A link to a page, with or without the trailing slash the export's pages have (trailingSlash: true). */
function link(href: string): string {
  return `a[href="${href}"], a[href="${href}/"]`;
}

/** The sidebar renders the site's navigation: the root meta.json's pages, in order. */
async function assertSidebar(page: Page) {
  const sidebar = page.locator('#nd-sidebar');
  await sidebar.waitFor();
  const text = (await sidebar.innerText()).replace(/\s+/g, ' ');
  const expected = ['Introduction', 'Getting started', 'Guides', 'Testing your API', 'Migrating', 'Reference', "The example's API"];
  let at = -1;
  for (const entry of expected) {
    const found = text.indexOf(entry, at + 1);
    assert.ok(found > at, `the sidebar lists "${entry}" after the entries before it: ${text}`);
    at = found;
  }
  // The generated sections' entries open their index pages.
  for (const href of ['/docs/reference', '/docs/example-api']) assert.ok(await sidebar.locator(link(href)).count(), `the sidebar links ${href}`);
}

// Started by the first test that needs them, not in test.before: uvu 0.5 reports a throwing hook by passing nothing
// and exiting 0, and a missing docs/out/ or browser must fail the run.
let ready: Promise<void> | undefined;
function start(): Promise<void> {
  ready ??= (async () => {
    assert.ok(existsSync(join(OUT, 'docs', 'index.html')), 'docs/out/ is missing: npm run test:docs builds it first (npm run docs:build)');
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await serve();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 });
  })();
  return ready;
}

test.after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

test('the home page renders with the sidebar, its sample with a copy button, and cards into the site', async () => {
  const page = await open('/docs');
  await assertSidebar(page);
  assert.is(await page.locator('h1').first().innerText(), 'Introduction');
  const sample = page.locator('figure pre').first();
  assert.match(await sample.innerText(), "@Controller('/posts')");
  assert.not.match(await sample.innerText(), /#region|#endregion/);
  assert.ok(await page.locator('figure button[aria-label="Copy Text"]').first().isVisible(), 'the code block has a copy button');
  assert.ok(await page.locator(link('/docs/getting-started')).first().isVisible());
  assert.ok(await page.locator(link('/docs/reference')).first().isVisible());
  await page.screenshot({ path: join(ARTIFACTS, 'home.png'), fullPage: true });
  await page.close();
});

test('a guide renders with the sidebar and a table of contents of its headings', async () => {
  const page = await open('/docs/guides/errors');
  await assertSidebar(page);
  assert.is(await page.locator('h1').first().innerText(), 'Errors');
  const toc = page.locator('#nd-toc');
  await toc.waitFor();
  const headings = await page.locator('article h2').allInnerTexts();
  assert.ok(headings.length > 0, 'the guide has sections');
  const listed = await toc.innerText();
  for (const heading of headings) assert.match(listed, heading.trim(), `the table of contents lists "${heading}"`);
  await page.screenshot({ path: join(ARTIFACTS, 'guide-errors.png'), fullPage: true });
  await page.close();
});

test('a reference page renders each export with its signature, doc comment and a table of contents, in dark mode too', async () => {
  const page = await open('/docs/reference/application', { colorScheme: 'dark' });
  await assertSidebar(page);
  assert.is(await page.locator('h1').first().innerText(), 'Application');
  assert.ok(await page.locator('h2#createapplication').isVisible());
  assert.match(await page.locator('figure pre').first().innerText(), 'function createApplication(options: ApplicationOptions): Application;');
  assert.match(await page.locator('#nd-toc').innerText(), 'ApplicationOptions');
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains('dark')), 'the dark theme follows the system preference');
  await page.screenshot({ path: join(ARTIFACTS, 'reference-application-dark.png'), fullPage: false });
  await page.close();
});

test("the example's API renders its operations", async () => {
  const page = await open('/docs/example-api/posts');
  assert.ok(await page.locator('h2#get-apipostsid').isVisible());
  await page.screenshot({ path: join(ARTIFACTS, 'example-api-posts.png'), fullPage: false });
  await page.close();
});

test('searching formatError offline finds the Errors guide, and choosing it opens the guide', async () => {
  const page = await open('/docs');
  await page.locator('button[data-search-full]').first().click();
  const input = page.getByPlaceholder('Search');
  await input.waitFor();
  await input.fill('formatError');
  const errors = page.locator('[role="dialog"] [data-url^="/docs/guides/errors"]').first();
  await errors.waitFor();
  const urls = await page.locator('[role="dialog"] [data-url]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-url')));
  assert.ok(
    urls.some((url) => url?.startsWith('/docs/guides/errors')),
    `the Errors guide among the results: ${urls.join(', ')}`,
  );
  await page.screenshot({ path: join(ARTIFACTS, 'search-formatError.png'), fullPage: false });
  await errors.click();
  await page.waitForURL(/\/docs\/guides\/errors/);
  assert.is(await page.locator('h1').first().innerText(), 'Errors');
  await page.close();
});

test('the root page shows the library: a sentence, a controller, the two commands, capabilities linking to guides, a comparison', async () => {
  const page = await open('/');
  assert.is(await page.locator('h1').first().innerText(), 'next-app-controllers');
  assert.match(await page.locator('#nd-home-layout p').first().innerText(), 'decorated controller classes');
  assert.match(await page.locator('figure pre').first().innerText(), "@Controller('/posts')");
  assert.match(await page.locator('#nd-home-layout').innerText(), 'npx next-app-controllers new shop --swagger');
  assert.is(await page.locator('main').count(), 1, 'one <main>');
  for (const guide of ['/docs/guides/routing', '/docs/guides/inputs', '/docs/guides/openapi', '/docs/guides/authentication', '/docs/testing']) {
    assert.ok(await page.locator(`#nd-home-layout ${link(guide).replace(', a', ', #nd-home-layout a')}`).count(), `a capability links ${guide}`);
  }
  const comparison = await page.locator('#nd-home-layout table').innerText();
  for (const word of ['Hono', 'NestJS', 'tRPC', 'Legacy decorators', 'not on npm yet']) assert.match(comparison, word);
  await page.screenshot({ path: join(ARTIFACTS, 'root.png'), fullPage: true });
  await page.close();
});

test('a page that does not exist answers the 404 page with the site navigation', async () => {
  const before = problems.length;
  const page = await open('/docs/no-such-page');
  await assertSidebar(page);
  assert.is(await page.locator('h1').first().innerText(), 'Page not found');
  assert.ok(await page.locator(link('/docs/getting-started')).count());
  await page.screenshot({ path: join(ARTIFACTS, '404.png'), fullPage: false });
  await page.close();
  // The 404 status of the page itself is what this test asks for, not a problem.
  const own = problems
    .splice(before)
    .filter((problem) => !/^\/docs\/no-such-page: (404 for .*\/docs\/no-such-page|console: Failed to load resource: .* 404 \(Not Found\))$/.test(problem));
  problems.push(...own);
});

/** Each query and the page its first result must open (issue 44: "auth", "swagger", "404", "pagination" ranked badly). */
const SEARCHES: [string, string][] = [
  ['auth', '/docs/guides/authentication'],
  ['authentication', '/docs/guides/authentication'],
  ['swagger', '/docs/guides/openapi'],
  ['404', '/docs/guides/errors'],
  ['pagination', '/docs/guides/inputs'],
  ['formatError', '/docs/guides/errors'],
  ['cors', '/docs/guides/cors'],
  ['zod', '/docs/guides/schemas'],
  ['rate limit', '/docs/guides/production'],
  ['vitest', '/docs/testing'],
];

test('search puts the page that answers each query first, guides before the example API', async () => {
  const page = await open('/docs');
  await page.locator('button[data-search-full]').first().click();
  const input = page.getByPlaceholder('Search');
  await input.waitFor();
  const wrong: string[] = [];
  for (const [query, expected] of SEARCHES) {
    await input.fill(query);
    const first = () => page.locator('[role="dialog"] [data-url]').evaluateAll((nodes) => nodes.slice(0, 8).map((node) => node.getAttribute('data-url') ?? ''));
    let urls: string[] = [];
    // The results come after a debounce: wait until they are this query's (the expected page first), or 5 s.
    for (let waited = 0; waited < 5000; waited += 100) {
      urls = await first();
      if (urls[0]?.split('#')[0] === expected) break;
      await page.waitForTimeout(100);
    }
    if (urls[0]?.split('#')[0] !== expected) wrong.push(`"${query}": expected ${expected} first, got ${urls.join(', ') || 'nothing'}`);
  }
  await page.screenshot({ path: join(ARTIFACTS, 'search-ranking.png'), fullPage: false });
  await page.close();
  assert.equal(wrong, []);
});

test('no page logged an error, failed a request or reached outside the site', () => {
  assert.equal(problems, []);
});

test.run();
