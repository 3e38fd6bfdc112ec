import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import * as assert from 'uvu/assert';
import { CHROMIUM } from './browser-cases';
import type { ExampleSuite } from './example-suite';
import { EXAMPLE, ROOT, send, timed } from './harness';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const BIN = join(ROOT, 'bin', 'next-app-controllers.mjs');

function cli(...args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], { cwd: EXAMPLE, encoding: 'utf8', timeout: 120_000 });
}

/**
 * Issue 23, on the built example: `openapi` writes the document `next start` serves, key for key, and the example's
 * generated client types are current; pages use src/lib/api/server.ts (app.fetch in process): a page prerendered
 * by `next build`, a dynamic page that sees the browser's cookie, a Server Action form showing the 422's field
 * errors and creating a post.
 */
export function serverClientCases({ test, server }: ExampleSuite): void {
  test('openapi writes, key for key, the document next start serves; --check passes (openapi.json and schema.d.ts)', async () => {
    const { port } = server();
    const dir = mkdtempSync(join(tmpdir(), 'nac-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      const written = await timed('openapi (example)', () => cli('openapi', '--out', file));
      assert.is(written.status, 0, written.stdout + written.stderr);
      assert.match(written.stdout, '(from src/app/api/openapi.json/route.ts)');
      const live = (await send(port, 'GET', '/api/openapi.json')).json();
      assert.equal(JSON.parse(readFileSync(file, 'utf8')), live);
      const check = cli('openapi', '--check', '--out', file);
      assert.is(check.status, 0, check.stdout + check.stderr);
      assert.match(check.stdout, 'src/lib/api/schema.d.ts too');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a static page lists the posts through the server client: prerendered by next build, with no server running', async () => {
    const { port } = server();
    assert.ok(existsSync(join(EXAMPLE, '.next', 'server', 'app', 'typed', 'posts.html')), 'next build wrote the prerendered page');
    const page = await send(port, 'GET', '/typed/posts');
    assert.is(page.headers['x-nextjs-cache'], 'HIT');
    assert.match(page.text, '<li>Hello, controllers</li><li>Validation</li>');
  });

  test('in headless Chromium: the dynamic page shows the signed-in user only with the cookie; the Server Action form shows the 422 field error, then creates the post', async () => {
    const { base, port } = server();
    let browser: Browser | undefined;
    try {
      browser = await timed('chromium launch', () => chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 }));
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);

      await page.goto(`${base}/typed/me`);
      assert.is(await page.locator('#user').textContent(), 'Not signed in (401)');
      await context.addCookies([{ name: 'session', value: '1', url: base }]);
      await page.goto(`${base}/typed/me`);
      assert.is(await page.locator('#user').textContent(), 'Signed in as Ada');

      await page.goto(`${base}/typed/new-post`, { waitUntil: 'networkidle' });
      await page.fill('input[name="title"]', '');
      await page.fill('textarea[name="content"]', 'from a Server Action');
      await page.click('button[type="submit"]');
      const fieldErrors = page.locator('#field-errors li');
      await fieldErrors.first().waitFor();
      assert.equal(await fieldErrors.allTextContents(), ['title: title must be longer than or equal to 1 characters']);

      await page.fill('input[name="title"]', 'Typed all the way');
      await page.click('button[type="submit"]');
      const created = page.locator('#created');
      await created.waitFor();
      const [, id] = /^Created post (\d+): Typed all the way$/.exec(String(await created.textContent())) ?? [];
      assert.ok(id, String(await created.textContent()));
      // Created in the store the API route serves too (the example keeps it on globalThis, see lib/memory-store.ts).
      assert.is((await send(port, 'GET', `/api/posts/${id}`)).json().title, 'Typed all the way');
    } finally {
      await browser?.close();
    }
  });
}
