import { createServer, type Server } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { CHROMIUM } from './browser-cases';
import type { ExampleSuite } from './example-suite';
import { API_KEY, CORS_PAGE_PORT, freePort, timed } from './harness';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** An empty page on 127.0.0.1:port: the origin the browser's fetches come from. */
function servePage(port: number): Promise<Server> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>frontend</title>'));
  return new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve(server)));
}

interface Outcome {
  status?: number;
  responseTime?: string | null;
  failed?: string;
}

/** A cross-origin fetch made by the page itself: Chromium preflights it and decides whether the script may read it. */
function fetchFrom(page: Page, url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Outcome> {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init);
        return { status: response.status, responseTime: response.headers.get('x-response-time') };
      } catch (error) {
        return { failed: String(error) };
      }
    },
    { url, init },
  );
}

/** Issue 12: CORS as the browser sees it, from pages served on other ports than the API. */
export function corsCases({ test, server }: ExampleSuite): void {
  test('headless Chromium on an allowed origin gets through preflight and reads the answer; another origin is refused by the browser', async () => {
    const { base } = server();
    const pages: Server[] = [];
    let browser: Browser | undefined;
    try {
      pages.push(await servePage(CORS_PAGE_PORT), await servePage(await freePort()));
      browser = await timed('chromium launch (cors)', () => chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 }));
      const page = await browser.newPage();
      page.setDefaultTimeout(20_000);

      await page.goto(`http://127.0.0.1:${CORS_PAGE_PORT}/`);
      // application/json and x-api-key make these non-simple requests: the browser sends a preflight first.
      const created = await fetchFrom(page, `${base}/api/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'From another origin', content: 'CORS' }),
      });
      assert.is(created.status, 201, JSON.stringify(created));
      assert.match(String(created.responseTime), /ms$/); // readable only because exposeHeaders lists it
      const deleted = await fetchFrom(page, `${base}/api/orders/999`, { method: 'DELETE', headers: { 'x-api-key': API_KEY } });
      assert.is(deleted.status, 404, JSON.stringify(deleted));

      const other = (pages[1].address() as { port: number }).port;
      await page.goto(`http://127.0.0.1:${other}/`);
      const refused = await fetchFrom(page, `${base}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      assert.is(refused.status, undefined);
      assert.match(String(refused.failed), /Failed to fetch/);
      const simple = await fetchFrom(page, `${base}/api/posts`, { method: 'GET', headers: {} });
      assert.match(String(simple.failed), /Failed to fetch/);
    } finally {
      await browser?.close();
      await Promise.all(pages.map((page) => new Promise((resolve) => page.close(resolve))));
    }
  });
}
