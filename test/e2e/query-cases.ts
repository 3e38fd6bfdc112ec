import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { CHROMIUM } from './browser-cases';
import type { ExampleSuite } from './example-suite';
import { EXAMPLE, send, timed } from './harness';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** A string of the example's server code only (src/features/posts/controller.ts): the client chunks must not hold it. */
const SERVER_MARKER = 'scrypt$example-salt$not-a-real-hash';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(js|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The API requests a page makes, as `path?query`. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** How many posts the example holds, after creating some when it has fewer than `atLeast`. */
async function postsAtLeast(port: number, atLeast: number): Promise<number> {
  const count = async () => ((await send(port, 'GET', '/api/posts?limit=100')).json() as unknown[]).length;
  for (let n = await count(); n < atLeast; n++) {
    const body = JSON.stringify({ title: `Filler ${n}`, content: 'for more pages' });
    assert.is((await send(port, 'POST', '/api/posts', { headers: { 'content-type': 'application/json' }, body })).status, 201);
  }
  return count();
}

/**
 * Issue 42 on the built example: @Paginated routes over HTTP (bounds, Link headers behind a proxy, the envelope
 * stripped) and, in Chromium, the pages on the files `generate client --query` wrote (src/app/query/).
 */
export function queryCases({ test, server }: ExampleSuite): void {
  test('@Paginated over HTTP: limit out of bounds is a 422, the cursor envelope is stripped, Link next behind X-Forwarded-Host/-Proto', async () => {
    const { port } = server();
    for (const limit of ['0', '51', 'x']) {
      const answer = await send(port, 'GET', `/api/posts/feed?limit=${limit}`);
      assert.is(answer.status, 422, `limit=${limit}: ${answer.text}`);
      assert.match(answer.text, 'limit');
    }
    assert.is((await send(port, 'GET', '/api/posts/pages?offset=-1')).status, 422);
    assert.is((await send(port, 'GET', '/api/posts/feed?cursor=not-ours')).status, 400);

    const first = await send(port, 'GET', '/api/posts/feed?limit=1', { headers: { 'x-forwarded-host': 'api.example.com', 'x-forwarded-proto': 'https' } });
    assert.is(first.status, 200, first.text);
    const page = first.json();
    assert.equal(Object.keys(page).sort(), ['items', 'nextCursor']);
    assert.is(page.items.length, 1);
    assert.equal(Object.keys(page.items[0]).sort(), ['content', 'id', 'tags', 'title'], 'editorPasswordHash stripped by the contract');
    assert.is(page.nextCursor, '1');
    assert.is(first.headers.link, '<https://api.example.com/api/posts/feed?limit=1&cursor=1>; rel="next"');

    const all = (await send(port, 'GET', '/api/posts?limit=100')).json() as unknown[];
    const last = await send(port, 'GET', `/api/posts/feed?limit=1&cursor=${all.length - 1}`);
    assert.is(last.json().nextCursor, null);
    assert.is(last.headers.link, undefined, 'no next on the last page');
  });

  test('@Paginated offset over HTTP: Link prev/next/first/last keep the other query parameters, behind X-Forwarded-Host', async () => {
    const { port } = server();
    const total = await postsAtLeast(port, 3);
    const answer = await send(port, 'GET', '/api/posts/pages?limit=1&offset=1', { headers: { 'x-forwarded-host': 'api.example.com', 'x-forwarded-proto': 'https' } });
    assert.is(answer.status, 200, answer.text);
    assert.equal(answer.json().total, total);
    const links = String(answer.headers.link).split(/,\s*/);
    const base = 'https://api.example.com/api/posts/pages?limit=1';
    for (const link of [`<${base}&offset=2>; rel="next"`, `<${base}&offset=0>; rel="prev"`, `<${base}&offset=0>; rel="first"`, `<${base}&offset=${total - 1}>; rel="last"`]) {
      assert.ok(links.includes(link), `${link} in ${answer.headers.link}`);
    }
    const tagged = await send(port, 'GET', '/api/posts/pages?tag=dto&limit=1');
    // Without a proxy, the link names the host and port the client sent its request to.
    assert.match(String(tagged.headers.link), `<http://127.0.0.1:${port}/api/posts/pages?tag=dto&limit=1&offset=0>; rel="first"`);
  });

  test('no server module in the client chunks: the marker of the posts controller is in .next/server only', () => {
    server();
    const holds = (dir: string) => filesUnder(join(EXAMPLE, '.next', dir)).filter((file) => readFileSync(file, 'utf8').includes(SERVER_MARKER));
    // The marker is a real string of the build (the test would see it if prefetch.ts pulled the app into a client chunk).
    assert.ok(holds('server').length > 0, 'the marker is in the server build');
    assert.equal(holds('static'), []);
  });

  test('in headless Chromium: $api.useQuery shows the posts, the create mutation invalidates and the list refreshes; a prefetched page arrives with its data and asks nothing; an infinite list follows nextCursor to null', async () => {
    const { base, port } = server();
    let browser: Browser | undefined;
    try {
      browser = await timed('chromium launch (query)', () => chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 }));
      const page = await browser.newPage();
      page.setDefaultTimeout(20_000);
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(String(error)));
      const requests = apiRequests(page);

      // A post of this test's own: the cases before it change and delete the example's posts.
      const seeded = `Read through TanStack Query ${Date.now()}`;
      const made = await send(port, 'POST', '/api/posts', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: seeded, content: 'prefetched' }) });
      assert.is(made.status, 201, made.text);
      const { id } = made.json() as { id: string };

      // A list read in the browser, then a create form: its mutation invalidates GET /api/posts and the list asks again.
      await page.goto(`${base}/query/posts`);
      await page.locator('#posts li').first().waitFor();
      const before = await page.locator('#posts li').allTextContents();
      assert.ok(before.includes(seeded), before.join(', '));
      assert.equal(requests, ['GET /api/posts?limit=100']);
      const title = `From useMutation ${Date.now()}`;
      await page.fill('input[name="title"]', title);
      await page.fill('input[name="content"]', 'and invalidateQueries');
      await page.click('button[type="submit"]');
      await page.locator('#posts li', { hasText: title }).waitFor();
      assert.equal(requests, ['GET /api/posts?limit=100', 'POST /api/posts', 'GET /api/posts?limit=100']);
      assert.is(await page.locator('#posts li').count(), before.length + 1);

      // Prefetched on the server: the HTML holds the post, and hydration asks nothing.
      const html = await send(port, 'GET', `/query/posts/${id}`);
      assert.match(html.text, `<h1 id="title">${seeded}</h1>`);
      requests.length = 0;
      await page.goto(`${base}/query/posts/${id}`, { waitUntil: 'networkidle' });
      assert.is(await page.locator('#title').textContent(), seeded);
      assert.equal(requests, [], 'no request for the prefetched post');

      // An infinite list of exactly three pages: the first without a cursor, then nextCursor twice, then null.
      const total = await postsAtLeast(port, 5);
      const limit = Math.ceil(total / 3);
      requests.length = 0;
      await page.goto(`${base}/query/feed?limit=${limit}`);
      await page.locator('#pages', { hasText: '1 pages' }).waitFor();
      await page.click('button:has-text("More")');
      await page.locator('#pages', { hasText: '2 pages' }).waitFor();
      await page.click('button:has-text("More")');
      await page.locator('#pages', { hasText: '3 pages' }).waitFor();
      assert.is(await page.locator('button:has-text("More")').count(), 0, 'no next page after nextCursor null');
      assert.is(await page.locator('#feed li').count(), total);
      assert.equal(requests, [`GET /api/posts/feed?limit=${limit}`, `GET /api/posts/feed?limit=${limit}&cursor=${limit}`, `GET /api/posts/feed?limit=${limit}&cursor=${2 * limit}`]);
      assert.equal(problems, []);
    } finally {
      await browser?.close();
    }
  });
}
