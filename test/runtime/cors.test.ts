import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Get, HttpError, Post, Use, cors, createApplication, type Middleware } from '../../runtime/index';
import { request } from './helpers';

const APP = 'https://app.example.com';
const EVIL = 'https://evil.example.net';

@Controller('/posts')
class PostsController {
  @Get('')
  list() {
    return [{ id: 1 }];
  }

  @Post('')
  create() {
    throw new HttpError(409, 'Taken');
  }
}

const refuseEverything: Middleware = () => new Response('no', { status: 401 });

@Controller('/open')
@Use(cors({ origin: APP, exposeHeaders: ['x-total'] }), refuseEverything)
class OpenController {
  @Get('')
  list() {
    return [];
  }
}

@Controller('/closed')
class ClosedController {
  @Get('')
  list() {
    return [];
  }
}

const preflight = (origin: string, method = 'POST', headers: Record<string, string> = {}) => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': method, ...headers },
});

const corsSuite = suite('cors');

corsSuite('a preflight from an allowed origin is answered 204 with the allowed origin, methods, requested headers and max age', async () => {
  const app = createApplication({ controllers: [PostsController] }).use(cors({ origin: [APP, 'https://admin.example.com'] }));
  const response = await request(app, 'OPTIONS', '/api/posts', preflight(APP, 'POST', { 'access-control-request-headers': 'content-type, authorization' }));
  assert.is(response.status, 204);
  assert.is(response.headers.get('access-control-allow-origin'), APP);
  assert.is(response.headers.get('access-control-allow-methods'), 'GET, HEAD, PUT, PATCH, POST, DELETE');
  assert.is(response.headers.get('access-control-allow-headers'), 'content-type, authorization');
  assert.is(response.headers.get('access-control-max-age'), '600');
  assert.is(response.headers.get('vary'), 'Origin, Access-Control-Request-Headers');
  assert.is(response.headers.get('access-control-allow-credentials'), null);
});

corsSuite('a preflight from an origin not allowed gets no Access-Control-Allow-Origin', async () => {
  const app = createApplication({ controllers: [PostsController] }).use(cors({ origin: APP }));
  const response = await request(app, 'OPTIONS', '/api/posts', preflight(EVIL));
  assert.is(response.status, 204);
  assert.is(response.headers.get('access-control-allow-origin'), null);
  assert.is(response.headers.get('access-control-allow-methods'), null);
  assert.is(response.headers.get('vary'), 'Origin');
});

corsSuite('options given are sent: methods, allowHeaders, maxAge, credentials, exposeHeaders', async () => {
  const app = createApplication({ controllers: [PostsController] }).use(
    cors({ origin: (origin) => origin.endsWith('.example.com'), credentials: true, methods: ['GET', 'POST'], allowHeaders: ['content-type'], exposeHeaders: ['x-total', 'etag'], maxAge: 3600 }),
  );
  const pre = await request(app, 'OPTIONS', '/api/posts', preflight(APP, 'POST', { 'access-control-request-headers': 'x-other' }));
  assert.is(pre.headers.get('access-control-allow-origin'), APP);
  assert.is(pre.headers.get('access-control-allow-credentials'), 'true');
  assert.is(pre.headers.get('access-control-allow-methods'), 'GET, POST');
  assert.is(pre.headers.get('access-control-allow-headers'), 'content-type');
  assert.is(pre.headers.get('access-control-max-age'), '3600');
  const actual = await request(app, 'GET', '/api/posts', { headers: { origin: APP } });
  assert.is(actual.status, 200);
  assert.is(actual.headers.get('access-control-allow-origin'), APP);
  assert.is(actual.headers.get('access-control-allow-credentials'), 'true');
  assert.is(actual.headers.get('access-control-expose-headers'), 'x-total, etag');
  assert.is(actual.headers.get('vary'), 'Origin');
  const refused = await request(app, 'GET', '/api/posts', { headers: { origin: EVIL } });
  assert.is(refused.status, 200);
  assert.is(refused.headers.get('access-control-allow-origin'), null);
  assert.is(refused.headers.get('access-control-allow-credentials'), null);
  assert.is(refused.headers.get('vary'), 'Origin');
});

corsSuite("origin '*' (the default) answers every origin with *", async () => {
  const app = createApplication({ controllers: [PostsController] }).use(cors());
  const response = await request(app, 'GET', '/api/posts', { headers: { origin: EVIL } });
  assert.is(response.headers.get('access-control-allow-origin'), '*');
  assert.is(response.headers.get('vary'), 'Origin');
});

corsSuite('with app.use, error answers and unmatched routes get the headers too', async () => {
  const app = createApplication({ controllers: [PostsController] }).use(cors({ origin: APP }));
  // A JSON body: a cross-origin POST without one is a form-like request, which the CSRF check refuses (csrf.test.ts).
  const conflict = await request(app, 'POST', '/api/posts', { headers: { origin: APP, 'content-type': 'application/json' }, body: '{}' });
  assert.is(conflict.status, 409);
  assert.is(conflict.headers.get('access-control-allow-origin'), APP);
  const missing = await request(app, 'GET', '/api/nothing', { headers: { origin: APP } });
  assert.is(missing.status, 404);
  assert.is(missing.headers.get('access-control-allow-origin'), APP);
  const missingPreflight = await request(app, 'OPTIONS', '/api/nothing', preflight(APP));
  assert.is(missingPreflight.status, 204);
  assert.is(missingPreflight.headers.get('access-control-allow-origin'), APP);
});

corsSuite('a request without Origin passes through untouched, and a plain OPTIONS still answers Allow', async () => {
  const app = createApplication({ controllers: [PostsController] }).use(cors({ origin: APP }));
  const response = await request(app, 'GET', '/api/posts');
  assert.is(response.headers.get('access-control-allow-origin'), null);
  const options = await request(app, 'OPTIONS', '/api/posts');
  assert.is(options.status, 204);
  assert.is(options.headers.get('allow'), 'GET, POST, HEAD, OPTIONS');
});

corsSuite('with @Use, the controller answers its own preflights without running its other middleware', async () => {
  const app = createApplication({ controllers: [OpenController, ClosedController] });
  const pre = await request(app, 'OPTIONS', '/api/open', preflight(APP, 'GET'));
  assert.is(pre.status, 204);
  assert.is(pre.headers.get('access-control-allow-origin'), APP);
  const actual = await request(app, 'GET', '/api/open', { headers: { origin: APP } });
  assert.is(actual.status, 401);
  assert.is(actual.headers.get('access-control-allow-origin'), APP);
  assert.is(actual.headers.get('access-control-expose-headers'), 'x-total');
  const other = await request(app, 'OPTIONS', '/api/closed', preflight(APP, 'GET'));
  assert.is(other.status, 204);
  assert.is(other.headers.get('access-control-allow-origin'), null);
});

corsSuite('immutable response headers (a fetched Response) are copied, not thrown on', async () => {
  const frozen = Response.redirect('https://example.com/', 302);
  const app = createApplication({ controllers: [PostsController] }).use(cors(), () => frozen);
  const response = await request(app, 'GET', '/api/posts', { headers: { origin: APP } });
  assert.is(response.status, 302);
  assert.is(response.headers.get('access-control-allow-origin'), '*');
  assert.is(response.headers.get('location'), 'https://example.com/');
});

corsSuite('bad options are refused when cors() is called, with what to pass', () => {
  assert.throws(
    () => cors({ origin: '*', credentials: true }),
    (error: Error) => error.message === "cors({ origin: '*', credentials: true }) is refused by browsers: list the allowed origins, or pass a function that checks them.",
  );
  assert.throws(() => cors({ origin: 42 as unknown as string }), (error: Error) => error.message === "cors({ origin }) takes a string, a list of strings, '*' or (origin) => boolean, got 42.");
  assert.throws(() => cors({ maxAge: -1 }), (error: Error) => error.message === 'cors({ maxAge }) takes whole seconds, 0 or more, got -1.');
});

corsSuite.run();

const preloading = suite('cors chunk loaded ahead');

preloading("cors() loads the code that sets the headers when it is called: an app's first cross-origin request waits for no module", () => {
  // A fresh process: in this one the chunk is loaded already.
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./cors-preload.child.ts', import.meta.url))], { encoding: 'utf8' });
  assert.is(child.status, 0, child.stderr);
  assert.equal(JSON.parse(child.stdout), { status: 200, allowOrigin: 'https://app.example.com', waitedForIo: false });
});

preloading.run();
