import { IsString, MinLength } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Body, Controller, Delete, Get, HttpError, Post, Use, createApplication, type Application, type ErrorFormatter, type HttpErrorOptions, type Middleware, type RouteContext } from '../../runtime/index';
import { captureConsole, jsonOf, postJson, request } from './helpers';

class CreateArticleDto {
  @IsString()
  @MinLength(1)
  title!: string;
}

const secret = new Error('secret database password');

const denyMiddleware: Middleware = (context, next) => {
  if (context.request.headers.get('x-deny')) throw new HttpError(403, 'Denied by middleware');
  return next();
};

@Controller('/articles')
class ArticlesController {
  @Get('')
  list() {
    return [];
  }

  @Post('')
  @Use(denyMiddleware)
  create(@Body(CreateArticleDto) dto: CreateArticleDto) {
    return dto;
  }

  @Get('/gone')
  gone() {
    throw new HttpError(410, 'This article was removed', { headers: { 'x-reason': 'removed' } });
  }

  @Get('/crash')
  crash() {
    throw secret;
  }

  @Delete('/:id')
  remove() {
    return undefined;
  }
}

/** Every error as the formatter saw it, and a format that shows it: `{ error: { status, message, errors } }`. */
function recordingApp(extra: { formatError?: ErrorFormatter; onError?: (error: unknown) => void } = {}) {
  const seen: { error: HttpError; path: string }[] = [];
  const formatError: ErrorFormatter =
    extra.formatError ??
    ((error, context) => {
      seen.push({ error, path: new URL(context.request.url).pathname });
      return { error: { status: error.status, message: error.message, errors: error.errors } };
    });
  const app = createApplication({ controllers: [ArticlesController], bodyLimit: 64, formatError, onError: extra.onError ?? (() => {}) });
  return { app, seen };
}

async function answer(app: Application, response: Promise<Response>) {
  const res = await response;
  return { status: res.status, headers: res.headers, body: res.status === 204 ? null : await jsonOf(res) };
}

const formatError = suite('createApplication({ formatError })');

formatError('every error answer goes through formatError: the library-made 400s, 404, 405, 413, 415 and 422', async () => {
  const { app } = recordingApp();
  const cases: [Promise<Response>, number, string][] = [
    [request(app, 'GET', '/api/articles/%E0%A4%A'), 400, 'Malformed percent-encoding in path /api/articles/%E0%A4%A'],
    [postJson(app, '/api/articles', '{"title":'), 400, 'Request body is not valid JSON'],
    [postJson(app, '/api/articles', '[1]'), 400, 'Request body must be a JSON object, got an array'],
    [postJson(app, '/api/articles', ''), 400, 'Request body is empty: expected a JSON object'],
    [request(app, 'GET', '/api/nope'), 404, 'Cannot GET /api/nope'],
    [request(app, 'PUT', '/api/articles'), 405, 'Cannot PUT /api/articles'],
    [postJson(app, '/api/articles', { title: 'x'.repeat(100) }), 413, 'Request body is larger than the limit of 64 bytes'],
    [request(app, 'POST', '/api/articles', { body: 'title=x', headers: { 'content-type': 'text/plain' } }), 415, 'Expected a JSON body: send it with Content-Type: application/json (got text/plain)'],
  ];
  for (const [response, status, message] of cases) {
    const got = await answer(app, response);
    assert.is(got.status, status, message);
    assert.equal(got.body, { error: { status, message } }, message);
    assert.match(String(got.headers.get('content-type')), /^application\/json/);
  }
});

formatError('the 405 keeps its Allow header; a thrown HttpError keeps its headers', async () => {
  const { app } = recordingApp();
  assert.is((await request(app, 'PUT', '/api/articles')).headers.get('allow'), 'GET, POST, HEAD, OPTIONS');
  const gone = await answer(app, request(app, 'GET', '/api/articles/gone'));
  assert.equal([gone.status, gone.headers.get('x-reason'), gone.body], [410, 'removed', { error: { status: 410, message: 'This article was removed' } }]);
});

formatError('the 422 of @Body is an HttpError with field errors, each saying where the value came from', async () => {
  const { app, seen } = recordingApp();
  const got = await answer(app, postJson(app, '/api/articles', { title: '' }));
  assert.is(got.status, 422);
  assert.equal(got.body, {
    error: { status: 422, message: 'Validation failed', errors: [{ field: 'title', message: 'title must be longer than or equal to 1 characters', in: 'body' }] },
  });
  assert.ok(HttpError.is(seen[0].error));
  assert.is(seen[0].path, '/api/articles');
});

formatError('an HttpError thrown in middleware goes through formatError', async () => {
  const { app } = recordingApp();
  const got = await answer(app, request(app, 'POST', '/api/articles', { headers: { 'x-deny': '1', 'content-type': 'application/json' }, body: '{}' }));
  assert.equal([got.status, got.body], [403, { error: { status: 403, message: 'Denied by middleware' } }]);
});

formatError('any other throw reaches formatError as an HttpError 500 whose cause is the original error', async () => {
  const reported: unknown[] = [];
  const { app, seen } = recordingApp({ onError: (error) => void reported.push(error) });
  const got = await answer(app, request(app, 'GET', '/api/articles/crash'));
  assert.equal([got.status, got.body], [500, { error: { status: 500, message: 'Internal Server Error' } }]);
  assert.is(seen[0].error.cause, secret);
  assert.equal(reported, [secret]);
});

formatError('a returned Response is sent as it is; an async formatter is awaited', async () => {
  const asText = createApplication({ controllers: [ArticlesController], formatError: (error) => new Response(`${error.status} ${error.message}`, { status: 418 }) });
  const text = await request(asText, 'GET', '/api/nope');
  assert.equal([text.status, await text.text()], [418, '404 Cannot GET /api/nope']);
  const later = createApplication({ controllers: [ArticlesController], formatError: async (error) => ({ later: error.status }) });
  assert.equal(await jsonOf(await request(later, 'GET', '/api/nope')), { later: 404 });
});

formatError('a formatError that throws: the default body with the original status, and the throw goes to onError', async () => {
  const broken = new Error('formatter bug');
  const reported: unknown[] = [];
  const { app } = recordingApp({ formatError: () => { throw broken; }, onError: (error) => void reported.push(error) });
  const got = await answer(app, request(app, 'GET', '/api/articles/gone'));
  assert.equal([got.status, got.headers.get('x-reason'), got.body], [410, 'removed', { success: false, statusCode: 410, message: 'This article was removed' }]);
  assert.equal(reported, [broken]);
});

formatError('global middleware wraps every error answer, the malformed-path 400 included', async () => {
  const { app } = recordingApp();
  app.use(async (_context, next) => {
    const response = await next();
    response.headers.set('x-wrapped', 'r1');
    return response;
  });
  for (const [method, path] of [['GET', '/api/articles/%zz'], ['GET', '/api/nope'], ['PUT', '/api/articles'], ['GET', '/api/articles/crash'], ['OPTIONS', '/api/articles']]) {
    assert.is((await request(app, method, path)).headers.get('x-wrapped'), 'r1', `${method} ${path}`);
  }
});

formatError('global middleware sees the formatted error response of a miss, and may replace it', async () => {
  const { app } = recordingApp();
  app.use(async (_context, next) => {
    const response = await next();
    return response.status === 400 ? { replaced: (await response.json()).error.message } : response;
  });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/%E0%A4%A')), { replaced: 'Malformed percent-encoding in path /api/%E0%A4%A' });
});

formatError('HEAD answers errors without a body, formatted headers kept', async () => {
  const { app } = recordingApp();
  const head = await request(app, 'HEAD', '/api/nope');
  assert.equal([head.status, head.headers.get('content-type'), await head.text()], [404, 'application/json', '']);
});

formatError('rejects a formatError that is not a function', () => {
  assert.throws(() => createApplication({ controllers: [], formatError: 'json' as never }), /formatError must be a function/);
});

formatError.run();

const defaults = suite('default error body');

defaults('without formatError every error is { success, statusCode, message }, 422 with errors that carry `in`', async () => {
  const app = createApplication({ controllers: [ArticlesController], onError: () => {} });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/%zz')), { success: false, statusCode: 400, message: 'Malformed percent-encoding in path /api/%zz' });
  assert.equal(await jsonOf(await postJson(app, '/api/articles', {})), {
    success: false,
    statusCode: 422,
    message: 'Validation failed',
    errors: [
      { field: 'title', message: 'title must be longer than or equal to 1 characters', in: 'body' },
      { field: 'title', message: 'title must be a string', in: 'body' },
    ],
  });
  const crash = await request(app, 'GET', '/api/articles/crash');
  assert.equal(await jsonOf(crash), { success: false, statusCode: 500, message: 'Internal Server Error' });
});

defaults('details that JSON cannot hold still answer, with the status and message', async () => {
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  @Controller('/odd')
  class OddController {
    @Get('')
    odd() {
      throw new HttpError(409, 'Conflict here', { details: circular } satisfies HttpErrorOptions);
    }
  }
  const reported: unknown[] = [];
  const app = createApplication({ controllers: [OddController], onError: (error) => void reported.push(error) });
  const response = await request(app, 'GET', '/api/odd');
  assert.equal([response.status, await jsonOf(response)], [409, { success: false, statusCode: 409, message: 'Conflict here' }]);
  assert.instance(reported[0], TypeError);
});

defaults.run();

const onError = suite('onError');

onError('sees only unexpected errors: never HttpErrors, misses or client errors', async () => {
  const reported: unknown[] = [];
  const app = createApplication({ controllers: [ArticlesController], onError: (error) => void reported.push(error) });
  await request(app, 'GET', '/api/nope');
  await request(app, 'GET', '/api/%zz');
  await request(app, 'GET', '/api/articles/gone');
  await postJson(app, '/api/articles', {});
  assert.equal(reported, []);
  await request(app, 'GET', '/api/articles/crash');
  assert.equal(reported, [secret]);
});

onError('defaults to console.error, and a throwing onError is logged without changing the answer', async () => {
  const app = createApplication({ controllers: [ArticlesController], onError: () => { throw new Error('reporter down'); } });
  let status = 0;
  const printed = await captureConsole(async () => (status = (await request(app, 'GET', '/api/articles/crash')).status));
  assert.is(status, 500);
  assert.match(String(printed.error[0][0]), /unhandled error answering GET/);
  assert.is((printed.error[0][1] as Error).message, 'reporter down');
});

// Tests that document every application of the process may not mix error formats: replace the last of ours.
onError.after(() => void createApplication({ controllers: [], basePath: '/api' }));

onError.run();

export type { RouteContext };
