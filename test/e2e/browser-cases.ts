import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import * as assert from 'uvu/assert';
import type { ExampleSuite } from './example-suite';
import { API_KEY, ARTIFACTS, timed } from './harness';

/** Debian's chromium (apt-get install chromium); CHROMIUM_PATH overrides it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Swagger UI of the production build in headless Chromium: every controller's operations, then "Try it out" → 422. */
export function browserCases({ test, server }: ExampleSuite): void {
  test('Swagger UI in headless Chromium shows every controller and renders the 422 of an invalid "Try it out"', async () => {
    const { base } = server();
    mkdirSync(ARTIFACTS, { recursive: true });
    let browser: Browser | undefined;
    try {
      browser = await timed('chromium launch', () => chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 }));
      const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
      page.setDefaultTimeout(20_000);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(String(error)));
      page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));

      await timed('swagger ui: load and render', async () => {
        await page.goto(`${base}/api-docs`, { waitUntil: 'load' });
        await page.waitForSelector('.opblock');
      });

      const tags = await page.locator('.opblock-tag').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-tag')));
      assert.equal(tags, ['posts', 'orders', 'users', 'system', 'streams', 'authors', 'reports', 'notes']);
      const operations = await page
        .locator('.opblock')
        .evaluateAll((nodes) =>
          nodes.map((node) => `${node.querySelector('.opblock-summary-method')?.textContent} ${node.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
        );
      for (const operation of [
        'GET /api/posts',
        'POST /api/posts',
        'GET /api/posts/search',
        'GET /api/posts/{id}',
        'PUT /api/posts/{id}',
        'PATCH /api/posts/{id}',
        'DELETE /api/posts/{id}',
        'GET /api/orders',
        'POST /api/orders',
        'DELETE /api/orders/{id}',
        'GET /api/system/health',
        'GET /api/system/fail',
        'GET /api/system/whoami',
        'POST /api/users',
        'PUT /api/users/{id}/avatar',
      ]) {
        assert.ok(operations.includes(operation), `${operation} in ${operations.join(', ')}`);
      }

      await page.screenshot({ path: join(ARTIFACTS, 'swagger-ui-operations.png'), fullPage: true });

      await timed('swagger ui: try it out', async () => {
        const create = page.locator('#operations-posts-PostsController_create');
        await create.locator('.opblock-summary').click();
        await create.locator('button.try-out__btn').click();
        await create.locator('textarea.body-param__text').fill('{\n  "title": "",\n  "content": "from the browser",\n  "tags": [{ "name": "" }]\n}');
        await create.locator('button.execute').click();
        const live = create.locator('.live-responses-table tbody tr.response').first();
        await live.waitFor();
        assert.is((await live.locator('.response-col_status').textContent())?.trim(), '422');
        const body = await live.locator('.response-col_description pre').first().textContent();
        assert.match(String(body), /Validation failed/);
        assert.match(String(body), /tags\.0\.name/);
        await create.locator('.responses-wrapper').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(ARTIFACTS, 'swagger-ui-422.png'), fullPage: false });
      });

      // Issue 11: the query and header fields of the @Query and @Headers DTOs are inputs "Try it out" sends.
      await timed('swagger ui: try it out with query and header fields', async () => {
        const list = page.locator('#operations-posts-PostsController_list');
        await list.locator('.opblock-summary').click();
        await list.locator('button.try-out__btn').click();
        await list.locator('tr[data-param-name="limit"][data-param-in="query"] input').fill('1');
        await list.locator('tr[data-param-name="tag"][data-param-in="query"] input').fill('dto');
        await list.locator('button.execute').click();
        const listed = list.locator('.live-responses-table tbody tr.response').first();
        await listed.waitFor();
        assert.match(String(await list.locator('.request-url pre').first().textContent()), /\/api\/posts\?limit=1&tag=dto$/);
        assert.is((await listed.locator('.response-col_status').textContent())?.trim(), '200');
        assert.equal(JSON.parse(String(await listed.locator('.response-col_description pre').first().textContent())).map((post: { id: string }) => post.id), ['2']);

        const whoami = page.locator('#operations-system-SystemController_whoami');
        await whoami.locator('.opblock-summary').click();
        await whoami.locator('button.try-out__btn').click();
        await whoami.locator('tr[data-param-name="x-api-key"][data-param-in="header"] input').fill(API_KEY);
        await whoami.locator('tr[data-param-name="x-client-version"][data-param-in="header"] input').fill('2.0.1');
        await whoami.locator('button.execute').click();
        const answered = whoami.locator('.live-responses-table tbody tr.response').first();
        await answered.waitFor();
        assert.is((await answered.locator('.response-col_status').textContent())?.trim(), '200');
        assert.equal(JSON.parse(String(await answered.locator('.response-col_description pre').first().textContent())), { client: 'api-key', version: '2.0.1' });
        await whoami.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(ARTIFACTS, 'swagger-ui-inputs.png'), fullPage: false });
      });

      // Issue 13: the @Form route's IsFile property is a file picker, and "Try it out" uploads the file as multipart.
      await timed('swagger ui: try it out uploads a file', async () => {
        const avatar = page.locator('#operations-users-UsersController_setAvatar');
        await avatar.locator('.opblock-summary').click();
        await avatar.locator('button.try-out__btn').click();
        await avatar.locator('tr[data-param-name="id"][data-param-in="path"] input').fill('1');
        const picker = avatar.locator('input[type="file"]');
        assert.is(await picker.count(), 1);
        await picker.setInputFiles({ name: 'from-the-browser.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
        await avatar.locator('button.execute').click();
        const uploaded = avatar.locator('.live-responses-table tbody tr.response').first();
        await uploaded.waitFor();
        assert.is((await uploaded.locator('.response-col_status').textContent())?.trim(), '200');
        const user = JSON.parse(String(await uploaded.locator('.response-col_description pre').first().textContent()));
        assert.equal(user.avatar, { name: 'from-the-browser.png', type: 'image/png', size: ONE_PIXEL_PNG.length });
        await avatar.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(ARTIFACTS, 'swagger-ui-upload.png'), fullPage: false });
      });

      // Issue 37: the top bar's picker lists every document; version 2's shows its authors routes only, version 1's
      // shows its own struck through (deprecated).
      await timed('swagger ui: the version picker', async () => {
        const picker = page.locator('.topbar select');
        assert.equal(await picker.locator('option').allTextContents(), ['all versions', 'v1', 'v2']);
        const authorsOf = async () => {
          await page.locator('#operations-tag-authors').waitFor();
          return page
            .locator('.opblock-tag-section:has(#operations-tag-authors) .opblock')
            .evaluateAll((nodes) =>
              // A deprecated operation's path is struck through: Swagger UI gives it the class opblock-summary-path__deprecated.
              nodes.map((node) => `${node.querySelector('.opblock-summary-method')?.textContent} ${node.querySelector('[data-path]')?.getAttribute('data-path')}${node.classList.contains('opblock-deprecated') ? ' (deprecated)' : ''}`),
            );
        };
        const shows = (present: string, absent: string) =>
          page.waitForFunction(
            ([shown, gone]) => document.querySelector(`.opblock-summary [data-path="${shown}"]`) !== null && document.querySelector(`.opblock-summary [data-path="${gone}"]`) === null,
            [present, absent],
          );
        // Every version's document first: both versions' routes.
        assert.is(await page.locator('.opblock-summary-path__deprecated[data-path="/api/v1/authors"]').count(), 1);
        await picker.selectOption('v2');
        await shows('/api/v2/authors', '/api/v1/authors');
        assert.equal(await authorsOf(), ['GET /api/v2/authors', 'GET /api/v2/authors/count', 'GET /api/v2/authors/{id}']);
        await page.screenshot({ path: join(ARTIFACTS, 'swagger-ui-v2.png'), fullPage: false });
        await picker.selectOption('v1');
        await shows('/api/v1/authors', '/api/v2/authors');
        assert.equal(await authorsOf(), ['GET /api/v1/authors/count', 'GET /api/v1/authors (deprecated)', 'GET /api/v1/authors/{id} (deprecated)']);
        await page.screenshot({ path: join(ARTIFACTS, 'swagger-ui-v1.png'), fullPage: false });
      });

      // The 422 is an expected response and Chromium logs failed fetches as console errors; nothing else may fail
      // (a CSP violation or a missing asset would show here).
      assert.equal(
        problems.filter((problem) => !/status of 422/.test(problem)),
        [],
      );
    } finally {
      await browser?.close();
    }
  });
}
