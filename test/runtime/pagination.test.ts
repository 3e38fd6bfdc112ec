import { IsOptional, IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { Controller, CursorPageQuery, Get, OffsetPageQuery, Paginated, Query, createApplication } from '../../runtime/index';
import { jsonOf, request } from './helpers';

class PostDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;
}

class PostsPageQuery extends CursorPageQuery {
  @IsOptional()
  @IsString()
  tag?: string;
}

class PostsOffsetQuery extends OffsetPageQuery {}

const POSTS = Array.from({ length: 45 }, (_, i) => ({ id: String(i + 1), title: `post ${i + 1}`, secret: 'hidden' }));
let seen: unknown;

@Controller('/posts')
class PostsController {
  @Get('/')
  @Paginated(PostDto, { style: 'cursor' })
  list(@Query(PostsPageQuery) query: PostsPageQuery) {
    seen = { ...query };
    const start = query.cursor ? Number(query.cursor) : 0;
    const items = POSTS.slice(start, start + query.limit);
    return { items, nextCursor: start + query.limit < POSTS.length ? String(start + query.limit) : null };
  }

  @Get('/small')
  @Paginated(PostDto, { style: 'cursor', defaultLimit: 5, maxLimit: 10 })
  small(@Query(PostsPageQuery) query: PostsPageQuery) {
    return { items: POSTS.slice(0, query.limit), nextCursor: null };
  }

  @Get('/offset')
  @Paginated(PostDto, { style: 'offset' })
  byOffset(@Query(PostsOffsetQuery) query: PostsOffsetQuery) {
    seen = { ...query };
    return { items: POSTS.slice(query.offset, query.offset + query.limit), total: POSTS.length };
  }

  @Get('/schema')
  @Paginated(z.object({ id: z.string() }), { style: 'offset' })
  bySchema(@Query(PostsOffsetQuery) query: PostsOffsetQuery) {
    return { items: POSTS.slice(query.offset, query.offset + query.limit), total: POSTS.length };
  }
}

const app = createApplication({ basePath: '/api', controllers: [PostsController], validation: { whitelist: true, forbidNonWhitelisted: true } });
const test = suite('@Paginated');

test('cursor: limit defaults to 20, the handler reads numbers, items are stripped, Link next keeps the other parameters', async () => {
  const response = await request(app, 'GET', '/api/posts?tag=news');
  assert.is(response.status, 200);
  assert.equal(seen, { tag: 'news', limit: 20 });
  const body = (await jsonOf(response)) as { items: Record<string, unknown>[]; nextCursor: string | null };
  assert.is(body.items.length, 20);
  assert.equal(body.items[0], { id: '1', title: 'post 1' });
  assert.is(body.nextCursor, '20');
  assert.is(response.headers.get('link'), '<http://localhost/api/posts?tag=news&cursor=20>; rel="next"');
});

test('Link: the page parameter replaced where it stood, the others kept as the client wrote them, the encoded name matched', async () => {
  const moved = await request(app, 'GET', '/api/posts?cursor=5&tag=a%20b&limit=5');
  assert.is(moved.headers.get('link'), '<http://localhost/api/posts?cursor=10&tag=a%20b&limit=5>; rel="next"');
  const encoded = await request(app, 'GET', '/api/posts?tag=%C3%A9&curs%6Fr=20&limit=10');
  assert.is(encoded.headers.get('link'), '<http://localhost/api/posts?tag=%C3%A9&cursor=30&limit=10>; rel="next"');
});

test('Link: empty pairs are dropped; a value reading "cursor" or holding a + is kept as written', async () => {
  const empty = await request(app, 'GET', '/api/posts?&tag=cursor&&limit=5&');
  assert.is(empty.headers.get('link'), '<http://localhost/api/posts?tag=cursor&limit=5&cursor=5>; rel="next"');
  const pairs = await request(app, 'GET', '/api/posts?&tag=x&&limit=5&');
  assert.is(pairs.headers.get('link'), '<http://localhost/api/posts?tag=x&limit=5&cursor=5>; rel="next"');
  const plus = await request(app, 'GET', '/api/posts?tag=a+b&limit=5');
  assert.is(plus.headers.get('link'), '<http://localhost/api/posts?tag=a+b&limit=5&cursor=5>; rel="next"');
});

test('cursor: the cursor is passed as given; the last page has nextCursor null and no Link', async () => {
  const response = await request(app, 'GET', '/api/posts?cursor=40&limit=10');
  assert.equal(seen, { cursor: '40', limit: 10 });
  const body = (await jsonOf(response)) as { items: unknown[]; nextCursor: string | null };
  assert.is(body.items.length, 5);
  assert.is(body.nextCursor, null);
  assert.is(response.headers.get('link'), null);
});

test('limit out of bounds, or not a number, is a 422 naming limit in the query; other fields are checked in the same answer', async () => {
  for (const [query, message] of [
    ['limit=0', 'limit must not be less than 1'],
    ['limit=101', 'limit must not be greater than 100'],
    ['limit=abc', 'limit must be an integer number'],
    ['limit=1.5', 'limit must be an integer number'],
  ]) {
    const response = await request(app, 'GET', `/api/posts?${query}`);
    assert.is(response.status, 422, query);
    const body = (await jsonOf(response)) as { errors: unknown[] };
    assert.equal(body.errors, [{ field: 'limit', message, in: 'query' }], query);
  }
  const both = await request(app, 'GET', '/api/posts?limit=500&extra=1');
  assert.is(both.status, 422);
  const fields = ((await jsonOf(both)) as { errors: { field: string }[] }).errors.map((error) => error.field).sort();
  assert.equal(fields, ['extra', 'limit']);
});

test("a route's own bounds: defaultLimit and maxLimit", async () => {
  const body = (await jsonOf(await request(app, 'GET', '/api/posts/small'))) as { items: unknown[] };
  assert.is(body.items.length, 5);
  assert.is((await request(app, 'GET', '/api/posts/small?limit=11')).status, 422);
  assert.is((await request(app, 'GET', '/api/posts/small?limit=10')).status, 200);
});

test('offset: defaults to 0, is at least 0; total; Link next, prev, first and last', async () => {
  const first = await request(app, 'GET', '/api/posts/offset?limit=10');
  assert.equal(seen, { offset: 0, limit: 10 });
  const body = (await jsonOf(first)) as { items: Record<string, unknown>[]; total: number };
  assert.equal(body.items[0], { id: '1', title: 'post 1' });
  assert.is(body.total, 45);
  const base = 'http://localhost/api/posts/offset?limit=10&offset=';
  assert.is(first.headers.get('link'), `<${base}10>; rel="next", <${base}0>; rel="first", <${base}40>; rel="last"`);
  const middle = await request(app, 'GET', '/api/posts/offset?limit=10&offset=15');
  assert.is(middle.headers.get('link'), `<${base}25>; rel="next", <${base}5>; rel="prev", <${base}0>; rel="first", <${base}40>; rel="last"`);
  const last = await request(app, 'GET', '/api/posts/offset?limit=10&offset=40');
  assert.is(last.headers.get('link'), `<${base}30>; rel="prev", <${base}0>; rel="first", <${base}40>; rel="last"`);
  const negative = await request(app, 'GET', '/api/posts/offset?offset=-1');
  assert.is(negative.status, 422);
  assert.equal(((await jsonOf(negative)) as { errors: unknown[] }).errors, [{ field: 'offset', message: 'offset must not be less than 0', in: 'query' }]);
});

test('Link behind a proxy: X-Forwarded-Host and X-Forwarded-Proto', async () => {
  const response = await request(app, 'GET', '/api/posts?limit=5', { headers: { 'x-forwarded-host': 'api.example.com, proxy.internal', 'x-forwarded-proto': 'https' } });
  assert.is(response.headers.get('link'), '<https://api.example.com/api/posts?limit=5&cursor=5>; rel="next"');
});

test('Link behind a proxy: forwarded values that name the URL\'s own host keep it; another scheme or port still changes it', async () => {
  const behind = (headers: Record<string, string>) => app.handle(new Request('http://app.example.com:3000/api/posts?limit=5', { headers }));
  const link = (path: string, origin = 'http://app.example.com:3000') => `<${origin}${path}?limit=5&cursor=5>; rel="next"`;
  assert.is((await behind({ 'x-forwarded-host': 'app.example.com:3000', 'x-forwarded-proto': 'http' })).headers.get('link'), link('/api/posts'));
  assert.is((await behind({ 'x-forwarded-host': 'app.example.com:3000', 'x-forwarded-proto': 'https' })).headers.get('link'), link('/api/posts', 'https://app.example.com:3000'));
  assert.is((await behind({ 'x-forwarded-host': 'app.example.com', 'x-forwarded-proto': 'http' })).headers.get('link'), link('/api/posts', 'http://app.example.com'));
  assert.is((await behind({ 'x-forwarded-proto': 'HTTPS' })).headers.get('link'), link('/api/posts', 'https://app.example.com:3000'));
  assert.is((await behind({ 'x-forwarded-proto': 'gopher' })).headers.get('link'), link('/api/posts'));
});

test('Link behind a proxy: the forwarded host replaces the port the app listens on (or brings its own)', async () => {
  const behind = (host: string) =>
    app.handle(new Request('http://127.0.0.1:3000/api/posts?limit=5', { headers: { 'x-forwarded-host': host, 'x-forwarded-proto': 'https' } }));
  assert.is((await behind('api.example.com')).headers.get('link'), '<https://api.example.com/api/posts?limit=5&cursor=5>; rel="next"');
  assert.is((await behind('api.example.com:8443')).headers.get('link'), '<https://api.example.com:8443/api/posts?limit=5&cursor=5>; rel="next"');
});

test("a Standard Schema item: each item is the schema's output", async () => {
  const body = (await jsonOf(await request(app, 'GET', '/api/posts/schema?limit=2'))) as { items: unknown[] };
  assert.equal(body.items, [{ id: '1' }, { id: '2' }]);
});

test('a paginated route whose query does not extend the page query, or that is not GET, makes the dispatcher fail', async () => {
  @Controller('/bad')
  class BadController {
    @Get('/')
    @Paginated(PostDto, { style: 'offset' })
    list(@Query(PostsPageQuery) query: PostsPageQuery) {
      return { items: [], total: query.limit };
    }
  }
  const bad = createApplication({ controllers: [BadController] });
  const error = await request(bad, 'GET', '/bad').then(() => undefined, (thrown: unknown) => thrown);
  assert.match(String(error), /@Paginated on BadController.list: its @Query DTO must extend OffsetPageQuery/);
});

test.run();
