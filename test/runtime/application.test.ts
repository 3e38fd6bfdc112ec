import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Controller, Delete, Get, Head, HttpCode, HttpError, NotFoundError, Options, Patch, Post, Put, createApplication, type RouteContext } from '../../runtime/index';
import { captureConsole, jsonOf, request, withoutRequestId } from './helpers';

@Controller('/posts')
class PostsController {
  @All('/any')
  any(context: RouteContext) {
    return { method: context.request.method };
  }
  @Get('/search')
  search(context: RouteContext) {
    return { search: context.query.get('q') };
  }

  @Get('')
  list() {
    return [{ id: '1' }];
  }

  @Get('/:id')
  findOne(context: RouteContext) {
    if (context.params.id === 'missing') return context.json({ message: 'Post not found' }, { status: 404 });
    return { id: context.params.id };
  }

  @Put('/:id')
  replace(context: RouteContext) {
    return { replaced: context.params.id };
  }

  @Patch('/:id')
  update(context: RouteContext) {
    return { updated: context.params.id };
  }

  @Delete('/:id')
  remove() {
    return undefined;
  }

  @Head('/head-only')
  headOnly(context: RouteContext) {
    return context.json(null, { status: 200, headers: { 'x-head': 'yes' } });
  }

  @Options('/with-options')
  options(context: RouteContext) {
    return context.json({ custom: true });
  }

}

@Controller('')
class RootController {
  @Get('/:a/:b')
  pair(context: RouteContext) {
    return context.params;
  }
}

@Controller('/unlisted')
class UnlistedController {
  @Get('')
  list() {
    return [];
  }
}

const app = createApplication({ controllers: [PostsController, RootController] });

/**
 * Resolves once the application's routes are compiled (its dispatcher is a chunk that createApplication starts
 * loading, which warns about shadowed routes): its first request is answered after that.
 */
function compiled(application: ReturnType<typeof createApplication>): Promise<Response> {
  return application.handle(new Request('http://localhost/'));
}

const paths = suite('route paths');

paths('a route path is basePath + controller prefix + method path, "" being the prefix itself', async () => {
  assert.equal(await jsonOf(await request(app, 'GET', '/api/posts')), [{ id: '1' }]);
  assert.equal(await jsonOf(await request(app, 'GET', '/api/posts/7')), { id: '7' });
});

paths('a trailing slash on the request path reaches the same route', async () => {
  assert.equal(await jsonOf(await request(app, 'GET', '/api/posts/')), [{ id: '1' }]);
});

paths('basePath defaults to /api and can be changed', async () => {
  const other = createApplication({ controllers: [PostsController], basePath: '/v2/' });
  assert.is(other.basePath, '/v2');
  assert.is((await request(other, 'GET', '/v2/posts')).status, 200);
  assert.is((await request(other, 'GET', '/api/posts')).status, 404);
});

paths('a path parameter is captured percent-decoded', async () => {
  assert.equal(await jsonOf(await request(app, 'GET', '/api/posts/hello%20world')), { id: 'hello world' });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/x/%F0%9F%98%80')), { a: 'x', b: '😀' });
});

paths('a path with malformed percent-encoding answers 400 JSON, not 500', async () => {
  const response = await request(app, 'GET', '/api/posts/%E0%A4%A');
  assert.is(response.status, 400);
  assert.equal(await jsonOf(response), { success: false, statusCode: 400, message: 'Malformed percent-encoding in path /api/posts/%E0%A4%A' });
});

paths('the first match in declaration order wins, across controllers in array order', async () => {
  // PostsController's /:id is declared before RootController's /:a/:b, which would also match /api/posts/7.
  assert.equal(await jsonOf(await request(app, 'GET', '/api/posts/7')), { id: '7' });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/posts/search?q=x')), { search: 'x' });
  const reversed = createApplication({ controllers: [RootController, PostsController] });
  const printed = await captureConsole(() => compiled(reversed));
  assert.match(printed.warn.join('\n'), /PostsController.findOne\) can never match: GET \/api\/:a\/:b \(RootController.pair\)/);
  assert.equal(await jsonOf(await request(reversed, 'GET', '/api/posts/7')), { a: 'posts', b: '7' });
});

paths('a decorated class not listed in controllers is unreachable', async () => {
  assert.ok(UnlistedController);
  assert.is((await request(app, 'GET', '/api/unlisted')).status, 404);
});

paths.run();

const methods = suite('methods');

methods('each verb decorator routes its own method', async () => {
  assert.equal(await jsonOf(await request(app, 'PUT', '/api/posts/1')), { replaced: '1' });
  assert.equal(await jsonOf(await request(app, 'PATCH', '/api/posts/1')), { updated: '1' });
  assert.is((await request(app, 'DELETE', '/api/posts/1')).status, 204);
});

methods('@All matches every method', async () => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
    assert.equal(await jsonOf(await request(app, method, '/api/posts/any')), { method }, method);
  }
});

methods('HEAD without a @Head route is answered by the GET route: same status and headers, no body', async () => {
  const head = await request(app, 'HEAD', '/api/posts/7');
  const get = await request(app, 'GET', '/api/posts/7');
  assert.is(head.status, get.status);
  assert.is(head.headers.get('content-type'), get.headers.get('content-type'));
  assert.is(await head.text(), '');
});

methods('HEAD with a @Head route runs that route', async () => {
  const head = await request(app, 'HEAD', '/api/posts/head-only');
  assert.is(head.status, 200);
  assert.is(head.headers.get('x-head'), 'yes');
});

methods('OPTIONS without an @Options route answers 204 with Allow', async () => {
  const response = await request(app, 'OPTIONS', '/api/posts/1');
  assert.is(response.status, 204);
  assert.is(response.headers.get('allow'), 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
  assert.is(await response.text(), '');
});

methods('OPTIONS with an @Options route runs that route', async () => {
  assert.equal(await jsonOf(await request(app, 'OPTIONS', '/api/posts/with-options')), { custom: true });
});

methods('a path that matches with another method answers 405 with Allow', async () => {
  const response = await request(app, 'POST', '/api/posts/1');
  assert.is(response.status, 405);
  assert.is(response.headers.get('allow'), 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
  assert.equal(await jsonOf(response), { success: false, statusCode: 405, message: 'Cannot POST /api/posts/1' });
});

methods('no route for the path answers 404 naming method and path', async () => {
  const response = await request(app, 'GET', '/api/nope');
  assert.is(response.status, 404);
  assert.is(response.headers.get('content-type'), 'application/json');
  assert.equal(await jsonOf(response), { success: false, statusCode: 404, message: 'Cannot GET /api/nope' });
  assert.is((await request(app, 'OPTIONS', '/api/nope')).status, 404);
});

methods('app.handlers holds one route-file export per method, each dispatching through the app', async () => {
  assert.equal(Object.keys(app.handlers).sort(), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
  const response = await app.handlers.GET(new Request('http://localhost/api/posts/3'));
  assert.equal(await jsonOf(response), { id: '3' });
});

methods.run();

const returns = suite('handler return values');

@Controller('/r')
class ReturnsController {
  @Get('/value') value() {
    return { ok: true };
  }
  @Get('/async') async asyncValue() {
    return 'text as JSON';
  }
  @Get('/null') nothingButNull() {
    return null;
  }
  @Get('/undefined') nothing() {}
  @Post('/created') @HttpCode(201) created() {
    return { id: 1 };
  }
  @Get('/response') response() {
    return new Response('raw', { status: 202, headers: { 'content-type': 'text/plain', 'x-custom': '1' } });
  }
  @Get('/json') json(context: RouteContext) {
    return context.json({ teapot: true }, { status: 418, headers: { 'content-type': 'application/problem+json', 'x-a': 'b' } });
  }
  @Get('/cookies') cookies(context: RouteContext) {
    const headers = new Headers([['set-cookie', 'a=1; Path=/'], ['set-cookie', 'b=2; Path=/']]);
    return context.text('two cookies', { status: 201, statusText: 'Made', headers });
  }
  @Get('/http-error') httpError() {
    throw new HttpError(404, 'Post not found');
  }
  @Get('/named-error') namedError() {
    throw new NotFoundError('Nothing here', { headers: { 'x-reason': 'gone' }, details: { id: 3 } });
  }
  @Get('/crash') crash() {
    throw new Error('secret database password in message');
  }
  @Get('/args') args(first: RouteContext, second: RouteContext) {
    return { same: first === second, hasParams: typeof first.params === 'object', hasState: typeof first.state === 'object' };
  }
}

const returnsApp = createApplication({ controllers: [ReturnsController], basePath: '' });

returns('a plain value is sent as JSON with status 200', async () => {
  const response = await request(returnsApp, 'GET', '/r/value');
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'application/json');
  assert.equal(await jsonOf(response), { ok: true });
  assert.equal(await jsonOf(await request(returnsApp, 'GET', '/r/async')), 'text as JSON');
  assert.is(await (await request(returnsApp, 'GET', '/r/null')).text(), 'null');
});

returns('undefined answers 204 with an empty body', async () => {
  const response = await request(returnsApp, 'GET', '/r/undefined');
  assert.is(response.status, 204);
  assert.is(await response.text(), '');
});

returns('@HttpCode sets the status of a returned value', async () => {
  assert.is((await request(returnsApp, 'POST', '/r/created')).status, 201);
});

returns('a returned Response is sent as it is', async () => {
  const response = await request(returnsApp, 'GET', '/r/response');
  assert.is(response.status, 202);
  assert.is(response.headers.get('x-custom'), '1');
  assert.is(await response.text(), 'raw');
});

returns('context.json takes a status and headers that override the default content type', async () => {
  const response = await request(returnsApp, 'GET', '/r/json');
  assert.is(response.status, 418);
  assert.is(response.headers.get('content-type'), 'application/problem+json');
  assert.is(response.headers.get('x-a'), 'b');
});

returns('context.text keeps every Set-Cookie of its headers, its status and its status text', async () => {
  const response = await request(returnsApp, 'GET', '/r/cookies');
  assert.is(response.status, 201);
  assert.is(response.statusText, 'Made');
  assert.is(response.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.equal(response.headers.getSetCookie(), ['a=1; Path=/', 'b=2; Path=/']);
  assert.is(await response.text(), 'two cookies');
});

returns('a thrown HttpError answers its status and message', async () => {
  const response = await request(returnsApp, 'GET', '/r/http-error');
  assert.is(response.status, 404);
  assert.equal(await jsonOf(response), { success: false, statusCode: 404, message: 'Post not found' });
  const named = await request(returnsApp, 'GET', '/r/named-error');
  assert.is(named.headers.get('x-reason'), 'gone');
  assert.equal(await jsonOf(named), { success: false, statusCode: 404, message: 'Nothing here', id: 3 });
});

returns('any other throw answers 500 without the error text, and is logged', async () => {
  let response: Response | undefined;
  const printed = await captureConsole(async () => (response = await request(returnsApp, 'GET', '/r/crash')));
  assert.is(response!.status, 500);
  const body = await response!.text();
  assert.equal(withoutRequestId(JSON.parse(body), response!.headers.get('x-request-id')), { success: false, statusCode: 500, message: 'Internal Server Error' });
  assert.not.match(body, /secret|at /);
  assert.is(printed.error.length, 1);
  assert.match(String(printed.error[0][0]), /GET http:\/\/localhost\/r\/crash/);
});

returns('onError receives unexpected errors and may answer instead', async () => {
  const seen: unknown[] = [];
  const hooked = createApplication({
    controllers: [ReturnsController],
    basePath: '',
    onError: (error) => {
      seen.push(error);
      return new Response('custom', { status: 503 });
    },
  });
  const response = await request(hooked, 'GET', '/r/crash');
  assert.is(response.status, 503);
  assert.is((seen[0] as Error).message, 'secret database password in message');
  assert.is((await request(hooked, 'GET', '/r/http-error')).status, 404);
  assert.is(seen.length, 1);
});

returns('every parameter without a decorator gets the RouteContext', async () => {
  assert.equal(await jsonOf(await request(returnsApp, 'GET', '/r/args')), { same: true, hasParams: true, hasState: true });
});

returns.run();

const creation = suite('createApplication');

creation('rejects options without a controllers array', () => {
  assert.throws(() => createApplication({} as never), /needs an array of controller classes/);
});

creation('rejects a listed class without @Controller, naming it', () => {
  class Plain {}
  assert.throws(() => createApplication({ controllers: [Plain] }), /Plain is listed in controllers but has no @Controller/);
});

creation('rejects a controller listed twice', () => {
  assert.throws(() => createApplication({ controllers: [ReturnsController, ReturnsController] }), /listed in controllers twice/);
});

creation('rejects a malformed path parameter, naming the route', () => {
  @Controller('/bad')
  class BadController {
    @Get('/:1d') bad() {}
  }
  assert.throws(() => createApplication({ controllers: [BadController] }), /BadController\.bad: path parameter ":1d"/);
});

creation('warns once about a route that an earlier route shadows, naming both', async () => {
  @Controller('/shadow')
  class ShadowController {
    @Get('/:id') one() {}
    @Get('/search') search() {}
  }
  const printed = await captureConsole(() => compiled(createApplication({ controllers: [ShadowController] })));
  assert.equal(printed.warn, [
    'next-app-controllers: GET /api/shadow/search (ShadowController.search) can never match: GET /api/shadow/:id ' +
      '(ShadowController.one) is declared earlier and matches every request it would. Declare the more specific route first.',
  ]);
  const quiet = await captureConsole(() => compiled(createApplication({ controllers: [PostsController] })));
  assert.equal(quiet.warn, []);
});

// Regression: `next dev` creates the application again on every save (once per route file importing it), and the
// warning came out twice each time.
creation('warns about a shadowed route pair once per process, not again when the application is created again', async () => {
  @Controller('/shadow-again')
  class ShadowAgainController {
    @Get('/:id') one() {}
    @Get('/search') search() {}
    @Get('/:slug') slug() {}
  }
  const first = await captureConsole(() => compiled(createApplication({ controllers: [ShadowAgainController] })));
  assert.is(first.warn.length, 2);
  const again = await captureConsole(() =>
    Promise.all([compiled(createApplication({ controllers: [ShadowAgainController] })), compiled(createApplication({ controllers: [ShadowAgainController] }))]),
  );
  assert.equal(again.warn, []);
});

creation('rejects a bodyLimit that is not a positive number', () => {
  assert.throws(() => createApplication({ controllers: [], bodyLimit: 0 }), /bodyLimit must be a positive number/);
});

creation.run();
