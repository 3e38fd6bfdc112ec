import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compose } from '../../runtime/routing/compose';
import { Controller, Get, HttpError, Use, createApplication, type Middleware, type RouteContext } from '../../runtime/index';
import { captureConsole, jsonOf, request } from './helpers';

const trail: string[] = [];
const mark =
  (name: string): Middleware =>
  async (_context, next) => {
    trail.push(`${name} in`);
    const response = await next();
    trail.push(`${name} out`);
    return response;
  };

@Controller('/m')
@Use(mark('class 1'), mark('class 2'))
class MiddlewareController {
  @Get('/order')
  @Use(mark('method'))
  order() {
    trail.push('handler');
    return { ok: true };
  }

  @Get('/state')
  @Use(async (context, next) => {
    context.state.user = 'ada';
    return next();
  })
  state(context: RouteContext) {
    return { user: context.state.user };
  }

  @Get('/guarded')
  @Use((context) => (context.request.headers.get('authorization') ? undefined : new Response('no', { status: 401 })))
  guarded() {
    return { secret: true };
  }

  @Get('/short-value')
  @Use(() => ({ from: 'middleware' }))
  shortValue() {
    return { from: 'handler' };
  }

  @Get('/twice')
  @Use(async (_context, next) => {
    await next();
    return next();
  })
  twice() {
    return {};
  }

  @Get('/throws')
  @Use(() => {
    throw new HttpError(403, 'Forbidden here');
  })
  throws() {
    return {};
  }
}

const app = createApplication({ controllers: [MiddlewareController] });
app.use(mark('global'));
app.use(async (_context, next) => {
  const response = await next();
  const changed = new Response(response.body, response);
  changed.headers.set('x-powered-by', 'next-app-controllers');
  return changed;
});

const order = suite('middleware order');

order('runs global, then class, then method middleware around the handler (onion order)', async () => {
  trail.length = 0;
  await request(app, 'GET', '/api/m/order');
  assert.equal(trail, ['global in', 'class 1 in', 'class 2 in', 'method in', 'handler', 'method out', 'class 2 out', 'class 1 out', 'global out']);
});

order('a middleware can change the response after next()', async () => {
  const response = await request(app, 'GET', '/api/m/order');
  assert.is(response.headers.get('x-powered-by'), 'next-app-controllers');
});

order('global middleware also wraps 404, 405 and automatic OPTIONS answers', async () => {
  for (const [method, path, status] of [['GET', '/api/none', 404], ['POST', '/api/m/order', 405], ['OPTIONS', '/api/m/order', 204]] as const) {
    const response = await request(app, method, path);
    assert.is(response.status, status);
    assert.is(response.headers.get('x-powered-by'), 'next-app-controllers', `${method} ${path}`);
  }
});

order('state set by middleware reaches the handler', async () => {
  assert.equal(await jsonOf(await request(app, 'GET', '/api/m/state')), { user: 'ada' });
});

order.run();

const shortCircuit = suite('middleware answers');

shortCircuit('returning a Response answers without running the handler', async () => {
  const denied = await request(app, 'GET', '/api/m/guarded');
  assert.is(denied.status, 401);
  assert.is(await denied.text(), 'no');
});

shortCircuit('returning nothing without calling next() is an error that says how to fix it', async () => {
  let response: Response | undefined;
  const printed = await captureConsole(async () => (response = await request(app, 'GET', '/api/m/guarded', { headers: { authorization: 'x' } })));
  assert.is(response!.status, 500);
  assert.match(String((printed.error[0][1] as Error).message), /returned nothing and did not call next\(\)\. Return a Response/);
});

shortCircuit('returning a value answers it as JSON', async () => {
  assert.equal(await jsonOf(await request(app, 'GET', '/api/m/short-value')), { from: 'middleware' });
});

shortCircuit('calling next() twice is an error', async () => {
  let response: Response | undefined;
  const printed = await captureConsole(async () => (response = await request(app, 'GET', '/api/m/twice')));
  assert.is(response!.status, 500);
  assert.match(String((printed.error[0][1] as Error).message), /next\(\) was called more than once/);
});

shortCircuit('an HttpError thrown in middleware answers its status', async () => {
  const response = await request(app, 'GET', '/api/m/throws');
  assert.is(response.status, 403);
  assert.equal(await jsonOf(response), { success: false, statusCode: 403, message: 'Forbidden here' });
});

shortCircuit('app.use after the first request is an error that says what to do', () => {
  assert.throws(() => app.use(mark('late')), /called after the first request was handled\. Register global middleware right after createApplication/);
});

shortCircuit('app.use and @Use reject values that are not functions', () => {
  assert.throws(() => createApplication({ controllers: [] }).use('nope' as never), /takes middleware functions/);
  assert.throws(() => Use(42 as never), /takes middleware functions/);
});

shortCircuit.run();

const composeSuite = suite('compose');

composeSuite('with no middleware returns the handler itself', () => {
  const handler = async () => new Response();
  assert.is(compose([], handler, async () => new Response()), handler);
});

composeSuite('always returns a promise, and a synchronous throw becomes the recovered response', async () => {
  const seen: unknown[] = [];
  const run = compose([() => { throw new Error('sync'); }], async () => new Response(), async (error) => {
    seen.push(error);
    return new Response('recovered', { status: 599 });
  });
  const result = run({} as RouteContext);
  assert.instance(result, Promise);
  assert.is((await result).status, 599);
  assert.is((seen[0] as Error).message, 'sync');
});

composeSuite('next() resolves to the error response of a handler that threw, so outer middleware still runs', async () => {
  const outer: Middleware = async (_context, next) => {
    const response = await next();
    return new Response(`wrapped ${response.status}`);
  };
  const run = compose([outer], async () => { throw new HttpError(404); }, async (error) => new Response(null, { status: (error as HttpError).status }));
  assert.is(await (await run({} as RouteContext)).text(), 'wrapped 404');
});

composeSuite.run();
