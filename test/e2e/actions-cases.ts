import { chromium, type Browser, type Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { CHROMIUM } from './browser-cases';
import type { ExampleSuite } from './example-suite';
import { send } from './harness';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Issue 53: the example's /notes page, whose form's action is NotesController.create as a Server Action
 * (src/features/notes/actions.ts), in Chromium: with JavaScript off (before hydration, as a plain HTML form) and on.
 */
export function actionsCases({ test, server }: ExampleSuite): void {
  const withPage = async (javaScriptEnabled: boolean, use: (page: Page) => Promise<void>) => {
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 });
      const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(`${server().base}/notes`, { waitUntil: 'load' });
      await use(page);
    } finally {
      await browser?.close();
    }
  };

  test('the notes form with JavaScript off: an invalid note renders its field errors in the server HTML, a valid one follows the handler redirect()', async () => {
    await withPage(false, async (page) => {
      await page.fill('#note-form input[name=title]', 'ab');
      await page.click('#note-form button[type=submit]');
      await page.locator('#title-error').waitFor();
      const html = await page.content();
      assert.match(html, /<p id="title-error">title must be longer than or equal to 3 characters<\/p>/);
      // The server's HTML, where React separates the status and the message with comments.
      assert.match(html, /<p id="note-failed">422(<!-- -->)?: (<!-- -->)?Validation failed<\/p>/);
      await page.fill('#note-form input[name=title]', 'Written without JavaScript');
      await Promise.all([page.waitForURL(/\/notes\?created=\d+$/), page.click('#note-form button[type=submit]')]);
      assert.ok((await page.locator('#notes li strong').allTextContents()).includes('Written without JavaScript'));
    });
  });

  test('the notes form with JavaScript on: the same field paths as the HTTP 422, and the redirect followed', async () => {
    const { port } = server();
    const http = await send(port, 'POST', '/api/notes', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'ab', body: 'x'.repeat(501) }) });
    assert.is(http.status, 422);
    const fields = [...new Set(http.json().errors.map((error: { field: string }) => error.field))].sort();
    assert.equal(fields, ['body', 'title']);
    await withPage(true, async (page) => {
      await page.fill('#note-form input[name=title]', 'ab');
      await page.fill('#note-form textarea[name=body]', 'x'.repeat(501));
      await page.click('#note-form button[type=submit]');
      await page.locator('#body-error').waitFor();
      assert.equal([...new Set(await page.locator('#title-error, #body-error').evaluateAll((nodes) => nodes.map((node) => node.id.replace('-error', ''))))].sort(), fields);
      await page.fill('#note-form input[name=title]', 'Written with JavaScript');
      await page.fill('#note-form textarea[name=body]', 'hydrated');
      await Promise.all([page.waitForURL(/\/notes\?created=\d+$/), page.click('#note-form button[type=submit]')]);
      await page.locator('#notes li strong', { hasText: 'Written with JavaScript' }).waitFor();
    });
    // Over HTTP the same handler's redirect() is a 307 with Location, not a 500.
    const created = await send(port, 'POST', '/api/notes', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Over HTTP' }) });
    assert.is(created.status, 307);
    assert.match(String(created.headers.location), /^\/notes\?created=\d+$/);
  });
}
