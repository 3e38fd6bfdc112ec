import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import ejs from 'ejs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, CursorPageQuery, Get, Paginated, Query, createApplication } from '../../runtime/index';
import { REPO_ROOT } from './helpers';

// The generated query.ts and prefetch.ts, run: what the server prefetches (through server.ts) is found by the
// browser's $api under the same key after a JSON round trip of dehydrate, so the browser does not ask again.

class ItemDto {}
class ItemsQuery extends CursorPageQuery {}

@Controller('/items')
class ItemsController {
  @Get('')
  @Paginated(ItemDto, { style: 'cursor' })
  list(@Query(ItemsQuery) query: ItemsQuery) {
    const start = query.cursor ? Number(query.cursor) : 0;
    const items = Array.from({ length: query.limit }, (_, i) => ({ id: String(start + i) })).filter(({ id }) => Number(id) < 25);
    return { items, nextCursor: start + query.limit < 25 ? String(start + query.limit) : null };
  }
}

const app = createApplication({ basePath: '/api', controllers: [ItemsController] });
const requests = { browser: [] as string[], server: [] as string[] };
(globalThis as Record<string, unknown>).__queryKeysTest = {
  browserFetch: (request: Request) => (requests.browser.push(request.url), app.fetch(request)),
  serverFetch: (request: Request) => (requests.server.push(request.url), app.fetch(request)),
};

const TEMPLATES = join(REPO_ROOT, 'generators/client/templates');
const dir = mkdtempSync(join(tmpdir(), 'nac-query-keys-'));
symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
// An app without header or media-type versioning: no version in the keys.
const template = (name: string) => ejs.render(readFileSync(join(TEMPLATES, name), 'utf8'), { versioning: undefined });
writeFileSync(join(dir, 'query.ts'), template('query.ts.ejs'));
// `server-only` throws outside a server component's bundle: the rest of the file is what runs.
writeFileSync(join(dir, 'prefetch.ts'), template('prefetch.ts.ejs').replace("import 'server-only';", ''));
const FETCH = (side: string) => `import createClient from 'openapi-fetch';
export const api = createClient<any>({ baseUrl: 'http://localhost', fetch: (request: Request) => (globalThis as any).__queryKeysTest.${side}Fetch(request) });
`;
writeFileSync(join(dir, 'client.ts'), FETCH('browser'));
writeFileSync(join(dir, 'server.ts'), FETCH('server'));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type QueryModule = any;

const test = suite('generate client --query: server prefetch and browser keys');
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('a prefetched query and the first page of an infinite list are used by the browser without a request', async () => {
  const query = (await import(pathToFileURL(join(dir, 'query.ts')).href)) as QueryModule;
  const prefetch = await import(pathToFileURL(join(dir, 'prefetch.ts')).href);
  const init = { params: { query: { limit: 10 } } };
  const options = { initialPageParam: null, getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor };
  const server: QueryClient = prefetch.getQueryClient();
  await prefetch.prefetchQuery(server, 'get', '/api/items', init);
  await prefetch.prefetchInfiniteQuery(server, 'get', '/api/items', { params: { query: { limit: 5 } } }, options);
  assert.equal(requests.server, ['http://localhost/api/items?limit=10', 'http://localhost/api/items?limit=5']);

  const browser = query.makeQueryClient();
  hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
  // Keys are hashed with sorted object keys: another order of the same init is the same query.
  const data = (await browser.fetchQuery(query.$api.queryOptions('get', '/api/items', { params: { query: { limit: 10 } } }))) as { items: unknown[] };
  assert.is(data.items.length, 10);
  const pages = query.infiniteQueryOptions('get', '/api/items', { params: { query: { limit: 5 } } }, options);
  const infinite = await browser.fetchInfiniteQuery(pages);
  assert.is(infinite.pages.length, 1);
  assert.equal(requests.browser, []);

  // The next pages follow nextCursor, and the first request of a fresh list sends no cursor.
  const fresh = query.makeQueryClient();
  await fresh.fetchInfiniteQuery(pages);
  assert.equal(requests.browser, ['http://localhost/api/items?limit=5']);
});

test.run();
