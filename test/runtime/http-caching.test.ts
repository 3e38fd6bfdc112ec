import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CacheControl, Controller, ETag, Get, Post, Produces, Sse, createApplication, download, type ApplicationOptions, type RouteContext } from '../../runtime/index';

let post = { id: '1', title: 'first' };

@Controller('/posts')
@CacheControl({ private: true, noCache: true })
class PostsController {
  @Get('/:id')
  @ETag()
  findOne() {
    return post;
  }

  @Get('/:id/public')
  @CacheControl('public, max-age=60')
  @ETag()
  publicOne(context: RouteContext) {
    if (context.params.id !== '1') return context.json({ message: 'no' }, { status: 404 });
    return post;
  }

  @Get('/:id/response')
  @ETag()
  asResponse(context: RouteContext) {
    return context.json(post);
  }

  @Get('/:id/csv')
  @ETag()
  @Produces('text/csv')
  csv() {
    return `id,title\n${post.id},${post.title}\n`;
  }

  @Get('/:id/stream')
  @ETag()
  stream() {
    return new ReadableStream({ start: (controller) => (controller.enqueue(new TextEncoder().encode('bytes')), controller.close()) });
  }

  @Get('/:id/download')
  @ETag()
  file() {
    return download('a,b', { filename: 'posts.csv' });
  }

  @Get('/:id/events')
  @Sse()
  @ETag()
  async *events() {
    yield post;
  }

  @Get('/:id/plain')
  @ETag(false)
  plain() {
    return post;
  }

  @Post('')
  create() {
    return post;
  }
}

const app = (options: Partial<ApplicationOptions> = {}) => createApplication({ controllers: [PostsController], ...options });
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => new Request(`http://localhost/api/posts${path}`, { method, headers });

const test = suite('HTTP caching');

test.before.each(() => {
  post = { id: '1', title: 'first' };
});

test('@ETag: a strong ETag of the body on a 200, and 304 without a body for a matching If-None-Match', async () => {
  const handler = app();
  const first = await handler.handle(get('/1'));
  assert.is(first.status, 200);
  const tag = first.headers.get('etag')!;
  assert.match(tag, /^"[A-Za-z0-9_-]{27}"$/);
  assert.equal(await first.json(), post);
  const again = await handler.handle(get('/1', { 'if-none-match': tag }));
  assert.is(again.status, 304);
  assert.is(again.body, null);
  assert.is(again.headers.get('etag'), tag);
  assert.is(again.headers.get('content-type'), null);
  assert.is(again.headers.get('cache-control'), 'private, no-cache');
});

test('a changed body has another ETag: the old one is answered 200 with the new body', async () => {
  const handler = app();
  const tag = (await handler.handle(get('/1'))).headers.get('etag')!;
  post = { id: '1', title: 'changed' };
  const changed = await handler.handle(get('/1', { 'if-none-match': tag }));
  assert.is(changed.status, 200);
  assert.not.equal(changed.headers.get('etag'), tag);
  assert.equal(await changed.json(), post);
});

test("If-None-Match's weak comparison: W/ tags, lists and * match", async () => {
  const handler = app();
  const tag = (await handler.handle(get('/1'))).headers.get('etag')!;
  for (const header of [`W/${tag}`, `"other", ${tag}`, '*']) {
    assert.is((await handler.handle(get('/1', { 'if-none-match': header }))).status, 304, header);
  }
  assert.is((await handler.handle(get('/1', { 'if-none-match': '"other"' }))).status, 200);
});

test('HEAD gets the same ETag and its 304', async () => {
  const handler = app();
  const tag = (await handler.handle(get('/1'))).headers.get('etag')!;
  const head = await handler.handle(get('/1', {}, 'HEAD'));
  assert.is(head.status, 200);
  assert.is(head.headers.get('etag'), tag);
  assert.is((await handler.handle(get('/1', { 'if-none-match': tag }, 'HEAD'))).status, 304);
});

test('a string under @Produces gets one; a Response the handler built, bytes, a stream, a download and @Sse events never do', async () => {
  const handler = app();
  assert.ok((await handler.handle(get('/1/csv'))).headers.get('etag'));
  for (const path of ['/1/response', '/1/stream', '/1/download', '/1/events']) {
    const response = await handler.handle(get(path));
    assert.is(response.status, 200, path);
    assert.is(response.headers.get('etag'), null, path);
    await response.body?.cancel();
  }
});

test('createApplication({ etag: true }) turns it on for every GET route; @ETag(false) turns a route off', async () => {
  const handler = app({ etag: true });
  assert.is((await handler.handle(get('/1/plain'))).headers.get('etag'), null);
  const tag = (await handler.handle(get('/1/public'))).headers.get('etag');
  assert.ok(tag);
  assert.is((await app().handle(get('/1/public'))).headers.get('etag'), tag);
});

test('@CacheControl: the method wins over the controller; set on 2xx and 304, never on errors', async () => {
  const handler = app();
  const ok = await handler.handle(get('/1/public'));
  assert.is(ok.headers.get('cache-control'), 'public, max-age=60');
  assert.is((await handler.handle(get('/1/public', { 'if-none-match': ok.headers.get('etag')! }))).headers.get('cache-control'), 'public, max-age=60');
  const missing = await handler.handle(get('/2/public'));
  assert.is(missing.status, 404);
  assert.is(missing.headers.get('cache-control'), null);
});

test('a controller-wide @CacheControl leaves its other methods alone', async () => {
  const created = await app().handle(new Request('http://localhost/api/posts', { method: 'POST' }));
  assert.is(created.status, 200);
  assert.is(created.headers.get('cache-control'), null);
});

test('@CacheControl on a route that is not GET, or with options it does not know, fails the first request saying so', async () => {
  @Controller('/bad')
  class BadController {
    @Post('')
    @CacheControl('no-store')
    create() {}
  }
  const failure = await createApplication({ controllers: [BadController] })
    .handle(new Request('http://localhost/api/bad', { method: 'POST' }))
    .then(() => 'answered', (error: Error) => error.message);
  assert.is(failure, 'BadController.create: @CacheControl is for GET routes, and this is a POST route.');

  @Controller('/odd')
  class OddController {
    @Get('')
    @CacheControl({ maxAge: 60, shared: true } as never)
    list() {}
  }
  const odd = await createApplication({ controllers: [OddController] })
    .handle(new Request('http://localhost/api/odd'))
    .then(() => 'answered', (error: Error) => error.message);
  assert.match(odd, /^OddController\.list: @CacheControl does not know shared; it takes /);
});

test.run();
