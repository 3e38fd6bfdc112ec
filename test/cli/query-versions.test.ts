import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import ejs from 'ejs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { clientVersioning } from '../../generators/client/versioning';
import { Controller, Get, Version, createApplication, generateOpenApiDocument, type RouteContext, type VersioningOptions } from '../../runtime/index';
import { REPO_ROOT } from './helpers';

// Issue 42: with header or media-type versioning, the query key holds the version, so two versions never share a cache
// entry. The generator reads the versioning from the app's document; the written query.ts and prefetch.ts, run here,
// send the version on every request and put it into every key, the server's prefetch under the browser's key.

@Controller('/items')
class ItemsController {
  @Get('')
  @Version('1')
  listV1(context: RouteContext) {
    return { version: '1', accept: context.request.headers.get('accept') };
  }

  @Get('')
  @Version('2')
  listV2(context: RouteContext) {
    return { version: '2', accept: context.request.headers.get('accept') };
  }
}

const TEMPLATES = join(REPO_ROOT, 'generators/client/templates');
const dirs: string[] = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type QueryModule = any;

/** The app with `versioning`, its document's versioning as the generator reads it, and query.ts/prefetch.ts written from it. */
async function project(name: string, versioning: VersioningOptions) {
  const app = createApplication({ basePath: '/api', controllers: [ItemsController], versioning });
  const document = await generateOpenApiDocument({ title: 'Items', applications: [app] });
  const detected = clientVersioning(document as never);
  const requests: { side: string; url: string; version: string | null; accept: string | null }[] = [];
  const header = versioning.type === 'header' ? versioning.header! : 'accept';
  (globalThis as Record<string, unknown>)[`__queryVersions_${name}`] = {
    browserFetch: (request: Request) => (requests.push({ side: 'browser', url: request.url, version: request.headers.get(header), accept: request.headers.get('accept') }), app.fetch(request)),
    serverFetch: (request: Request) => (requests.push({ side: 'server', url: request.url, version: request.headers.get(header), accept: request.headers.get('accept') }), app.fetch(request)),
  };
  const dir = mkdtempSync(join(tmpdir(), 'nac-query-versions-'));
  dirs.push(dir);
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  const template = (file: string) => ejs.render(readFileSync(join(TEMPLATES, file), 'utf8'), { versioning: detected });
  writeFileSync(join(dir, 'query.ts'), template('query.ts.ejs'));
  writeFileSync(join(dir, 'prefetch.ts'), template('prefetch.ts.ejs').replace("import 'server-only';", ''));
  const FETCH = (side: string) => `import createClient from 'openapi-fetch';
export const api = createClient<any>({ baseUrl: 'http://localhost', fetch: (request: Request) => (globalThis as any).__queryVersions_${name}.${side}Fetch(request) });
`;
  writeFileSync(join(dir, 'client.ts'), FETCH('browser'));
  writeFileSync(join(dir, 'server.ts'), FETCH('server'));
  const query = (await import(pathToFileURL(join(dir, 'query.ts')).href)) as QueryModule;
  const prefetch = (await import(pathToFileURL(join(dir, 'prefetch.ts')).href)) as QueryModule;
  return { detected, query, prefetch, requests };
}

const test = suite('generate client --query: the API version in the query keys');
test.after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('the generator reads header and media-type versioning from the document, the newest version or --api-version; none for URI or none', async () => {
  const header = createApplication({ basePath: '/api', controllers: [ItemsController], versioning: { type: 'header', header: 'X-API-Version' } });
  const document = await generateOpenApiDocument({ title: 'Items', applications: [header] });
  assert.equal(clientVersioning(document as never), { header: 'X-API-Version', value: '2' });
  const first = await generateOpenApiDocument({ title: 'Items', apiVersion: '1', applications: [header] });
  assert.equal(clientVersioning(first as never, '1'), { header: 'X-API-Version', value: '1' }, '--api-version 1');
  const media = createApplication({ basePath: '/api', controllers: [ItemsController], versioning: { type: 'media-type', key: 'v=' } });
  assert.equal(clientVersioning((await generateOpenApiDocument({ title: 'Items', applications: [media] })) as never), { header: 'accept', value: 'application/json; v=2' });
  const uri = createApplication({ basePath: '/api', controllers: [ItemsController], versioning: { type: 'uri' } });
  assert.is(clientVersioning((await generateOpenApiDocument({ title: 'Items', applications: [uri] })) as never), undefined);
});

test('header versioning: every key holds the version, two versions are two cache entries, and the prefetch is found under the browser key', async () => {
  const { query, prefetch, requests } = await project('header', { type: 'header', header: 'X-API-Version', defaultVersion: '1' });
  assert.is(query.API_VERSION, '2');
  const key = query.$api.queryOptions('get', '/api/items').queryKey;
  assert.ok(JSON.stringify(key).includes('"X-API-Version":"2"'), JSON.stringify(key));
  const older = query.$api.queryOptions('get', '/api/items', { headers: { 'X-API-Version': '1' } });
  assert.not.equal(older.queryKey, key);

  const browser: QueryClient = query.makeQueryClient();
  assert.equal(await browser.fetchQuery(query.$api.queryOptions('get', '/api/items')), { version: '2', accept: null });
  assert.equal(await browser.fetchQuery(older), { version: '1', accept: null }, 'version 1 is not served from version 2 cache entry');
  assert.equal(await browser.fetchQuery(query.$api.queryOptions('get', '/api/items')), { version: '2', accept: null });
  assert.equal(requests.map(({ version }) => version), ['2', '1']);

  // The server's prefetch asks for the same version under the same key: the browser does not ask again.
  const server: QueryClient = prefetch.getQueryClient();
  await prefetch.prefetchQuery(server, 'get', '/api/items');
  const fresh: QueryClient = query.makeQueryClient();
  hydrate(fresh, JSON.parse(JSON.stringify(dehydrate(server))));
  requests.length = 0;
  assert.equal(await fresh.fetchQuery(query.$api.queryOptions('get', '/api/items')), { version: '2', accept: null });
  assert.equal(requests, []);

  // An infinite list's pages are asked for the version too.
  const pages = query.infiniteQueryOptions('get', '/api/items', undefined, { initialPageParam: null, getNextPageParam: () => null });
  assert.ok(JSON.stringify(pages.queryKey).includes('"X-API-Version":"2"'), JSON.stringify(pages.queryKey));
  await query.makeQueryClient().fetchInfiniteQuery(pages);
  assert.equal(requests.map(({ side, version }) => `${side} ${version}`), ['browser 2']);
});

test('media-type versioning: the key holds the Accept that names the version', async () => {
  const { query, requests } = await project('media', { type: 'media-type', defaultVersion: '1' });
  const key = query.$api.queryOptions('get', '/api/items').queryKey;
  assert.ok(JSON.stringify(key).includes('"accept":"application/json; version=2"'), JSON.stringify(key));
  const browser: QueryClient = query.makeQueryClient();
  const newest = (await browser.fetchQuery(query.$api.queryOptions('get', '/api/items'))) as { version: string };
  const older = (await browser.fetchQuery(query.$api.queryOptions('get', '/api/items', { headers: { accept: 'application/json; version=1' } }))) as { version: string };
  assert.equal([newest.version, older.version], ['2', '1']);
  assert.equal(requests.map(({ accept }) => accept), ['application/json; version=2', 'application/json; version=1']);
});

test.run();
