import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsDate, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Params,
  Post,
  Query,
  RouteContext,
  UnauthorizedError,
  createApplication,
  createParamDecorator,
} from '../../runtime/index';
import { jsonOf, request } from './helpers';

// tsx emits no decorator metadata: `declared(X)` adds the `design:type` tsc would, to test both forms.
const declared = (type: unknown): PropertyDecorator => Reflect.metadata('design:type', type);

class ListQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) offset?: number;
  @IsOptional() @IsString() tag?: string;
}

/** The same fields typed by `design:type` only, as tsc with emitDecoratorMetadata declares them. */
class DeclaredQuery {
  @IsOptional() @declared(Number) @IsInt() limit?: number;
  @IsOptional() @declared(Boolean) @IsBoolean() draft?: boolean;
  @IsOptional() @declared(Date) @IsDate() since?: Date;
  @IsOptional() @declared(Array) @IsString({ each: true }) tags?: string[];
}

class TypedQuery {
  @IsOptional() @Type(() => Boolean) @IsBoolean() draft?: boolean;
  @IsOptional() @Type(() => Date) @IsDate() since?: Date;
  @IsOptional() @Type(() => Number) @IsInt({ each: true }) ids?: number[];
}

class CommentParams {
  @Matches(/^[a-z0-9-]+$/) slug!: string;
  @Type(() => Number) @IsInt() @Min(1) id!: number;
}

class ApiKeyHeaders {
  @IsString() @IsIn(['secret']) 'x-api-key'!: string;
  @IsOptional() @Type(() => Number) @IsInt() 'x-page'?: number;
}

class NoteBody {
  @IsString() text!: string;
}

interface User {
  name: string;
}

const CurrentUser = createParamDecorator((context): User => {
  const name = context.request.headers.get('authorization')?.replace(/^Bearer /, '');
  if (!name) throw new UnauthorizedError('Sign in first');
  return { name };
});
const Greeting = createParamDecorator(async (_context, data: string | undefined) => `${data ?? 'hello'}!`);

@Controller('/things')
class ThingsController {
  @Get('')
  list(@Query(ListQuery) query: ListQuery) {
    return { ...query, isDto: query instanceof ListQuery };
  }

  @Get('declared')
  declared(@Query(DeclaredQuery) query: DeclaredQuery) {
    return { ...query, since: query.since?.toISOString(), types: Object.values(query).map((value) => (value instanceof Date ? 'date' : typeof value)) };
  }

  @Get('typed')
  typed(@Query(TypedQuery) query: TypedQuery) {
    return { ...query, since: query.since?.toISOString() };
  }

  @Get('posts/:slug/comments/:id')
  comment(@Params(CommentParams) params: CommentParams, context: RouteContext) {
    return { ...params, raw: context.params };
  }

  @Get('keyed')
  keyed(@Headers(ApiKeyHeaders) headers: ApiKeyHeaders) {
    return { ...headers };
  }

  @Post('posts/:slug/comments/:id')
  @HttpCode(201)
  everything(
    @CurrentUser() user: User,
    @Headers(ApiKeyHeaders) headers: ApiKeyHeaders,
    context: RouteContext,
    @Body(NoteBody) body: NoteBody,
    @Greeting('hi') greeting: string,
    @Query(ListQuery) query: ListQuery,
    @Params(CommentParams) params: CommentParams,
  ) {
    return { user, key: headers['x-api-key'], path: context.params, text: body.text, greeting, limit: query.limit, id: params.id };
  }

  @Get('me')
  me(@CurrentUser() user: User, @Greeting() greeting: string) {
    return { user, greeting };
  }
}

const app = createApplication({ controllers: [ThingsController] });
const strict = createApplication({ controllers: [ThingsController], validation: { whitelist: true, forbidNonWhitelisted: true } });
const stripping = createApplication({ controllers: [ThingsController], validation: { whitelist: true } });

type ErrorBody = { statusCode: number; errors: { field: string; message: string; in: string }[] };

async function get(path: string, headers: Record<string, string> = {}, on = app) {
  const response = await request(on, 'GET', path, { headers });
  return { status: response.status, body: (await jsonOf(response)) as Record<string, unknown> & ErrorBody };
}

const inputs = suite('@Query, @Params, @Headers and createParamDecorator');

inputs('@Query: the handler gets a validated instance built from the query string', async () => {
  const { status, body } = await get('/api/things?limit=20&offset=0&tag=dragons');
  assert.is(status, 200);
  assert.equal(body, { limit: 20, offset: 0, tag: 'dragons', isDto: true });
});

inputs("conversion by @Type: 'abc' stays a string and fails @IsInt with its message", async () => {
  const { status, body } = await get('/api/things?limit=abc');
  assert.is(status, 422);
  assert.ok(body.errors.some((error) => error.message === 'limit must be an integer number'), JSON.stringify(body));
  assert.ok(body.errors.every((error) => error.field === 'limit' && error.in === 'query'));
  for (const text of ['', ' 1', '0x10', '1e', 'Infinity']) {
    assert.is((await get(`/api/things?limit=${encodeURIComponent(text)}`)).status, 422, `limit=${JSON.stringify(text)} is not a number`);
  }
});

inputs('conversion by design:type: numbers, booleans, dates and arrays without @Type', async () => {
  const { status, body } = await get('/api/things/declared?limit=-3&draft=false&since=2024-05-01T10:00:00Z&tags=a&tags=b');
  assert.is(status, 200, JSON.stringify(body));
  assert.equal(body, { limit: -3, draft: false, since: '2024-05-01T10:00:00.000Z', tags: ['a', 'b'], types: ['number', 'boolean', 'date', 'object'] });
  assert.equal((await get('/api/things/declared?tags=only')).body.tags, ['only'], 'a single value of an array property is a one-element array');
  assert.equal((await get('/api/things/declared?draft=1')).body.draft, true);
  assert.equal((await get('/api/things/declared?draft=0')).body.draft, false);
});

inputs("booleans only from 'true'/'1'/'false'/'0': 'false' never becomes true, 'yes' fails @IsBoolean", async () => {
  assert.is((await get('/api/things/typed?draft=false')).body.draft, false);
  assert.is((await get('/api/things/typed?draft=true')).body.draft, true);
  const { status, body } = await get('/api/things/typed?draft=yes');
  assert.is(status, 422);
  assert.equal(body.errors, [{ field: 'draft', message: 'draft must be a boolean value', in: 'query' }]);
});

inputs('dates only from ISO strings; arrays of numbers by @Type with { each: true }', async () => {
  assert.is((await get('/api/things/typed?since=2024-05-01')).body.since, '2024-05-01T00:00:00.000Z');
  for (const text of ['yesterday', '1714557600000', '2024-13-45']) {
    const { status, body } = await get(`/api/things/typed?since=${text}`);
    assert.is(status, 422, text);
    assert.is(body.errors[0].field, 'since');
  }
  assert.equal((await get('/api/things/typed?ids=1&ids=2')).body.ids, [1, 2]);
  assert.equal((await get('/api/things/typed?ids=7')).body.ids, [7]);
  const { status, body } = await get('/api/things/typed?ids=1&ids=x');
  assert.is(status, 422);
  assert.is(body.errors[0].in, 'query');
});

inputs('@Params: percent-decoded :name segments, converted and validated; in: path', async () => {
  const { status, body } = await get('/api/things/posts/hello-world/comments/42');
  assert.is(status, 200);
  assert.equal(body, { slug: 'hello-world', id: 42, raw: { slug: 'hello-world', id: '42' } });
  const bad = await get('/api/things/posts/Hello%20World/comments/abc');
  assert.is(bad.status, 422);
  assert.equal([...new Set(bad.body.errors.map((error) => `${error.in}:${error.field}`))].sort(), ['path:id', 'path:slug']);
});

inputs('@Headers: names matched case-insensitively, converted; missing or invalid ones answer 422 with in: header', async () => {
  const { status, body } = await get('/api/things/keyed', { 'X-API-Key': 'secret', 'X-Page': '3' });
  assert.is(status, 200);
  assert.equal(body, { 'x-api-key': 'secret', 'x-page': 3 });
  const missing = await get('/api/things/keyed', { 'x-page': 'two' });
  assert.is(missing.status, 422);
  assert.ok(missing.body.errors.every((error) => error.in === 'header'));
  assert.equal([...new Set(missing.body.errors.map((error) => error.field))].sort(), ['x-api-key', 'x-page']);
  // Every request carries headers the DTO never names: forbidNonWhitelisted does not refuse them.
  assert.is((await get('/api/things/keyed', { 'x-api-key': 'secret', 'x-other': '1' }, strict)).status, 200);
});

inputs('everything on one handler, in any order: the values reach their parameters', async () => {
  const response = await request(app, 'POST', '/api/things/posts/a-post/comments/7?limit=5', {
    headers: { authorization: 'Bearer ada', 'x-api-key': 'secret', 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'nice' }),
  });
  assert.is(response.status, 201);
  assert.equal(await jsonOf(response), { user: { name: 'ada' }, key: 'secret', path: { slug: 'a-post', id: '7' }, text: 'nice', greeting: 'hi!', limit: 5, id: 7 });
});

inputs('all failures of one request are reported together in one 422', async () => {
  const response = await request(app, 'POST', '/api/things/posts/a-post/comments/0?limit=500', {
    headers: { authorization: 'Bearer ada', 'x-api-key': 'wrong', 'content-type': 'application/json' },
    body: JSON.stringify({ text: 1 }),
  });
  assert.is(response.status, 422);
  const { errors } = (await jsonOf(response)) as ErrorBody;
  assert.equal(errors.map((error) => `${error.in}:${error.field}`).sort(), ['body:text', 'header:x-api-key', 'path:id', 'query:limit']);
});

inputs('createParamDecorator: fn(context, data), sync or async; a throw is answered like a throw in the handler', async () => {
  assert.equal((await get('/api/things/me', { authorization: 'Bearer bob' })).body, { user: { name: 'bob' }, greeting: 'hello!' });
  const { status, body } = await get('/api/things/me');
  assert.is(status, 401);
  assert.is(body.message, 'Sign in first');
  const failing = createParamDecorator(() => {
    throw new Error('database down');
  });
  @Controller('/boom')
  class Boom {
    @Get('')
    get(@failing() _value: unknown) {
      return 'never';
    }
  }
  const errors: unknown[] = [];
  const boom = createApplication({ controllers: [Boom], onError: (error) => void errors.push(error) });
  assert.is((await request(boom, 'GET', '/api/boom')).status, 500);
  assert.is(errors.length, 1);
  assert.throws(() => createParamDecorator('nope' as never), /needs a function/);
});

inputs('a custom decorator runs before validation: an unauthenticated request gets its 401, not a 422', async () => {
  const response = await request(app, 'POST', '/api/things/posts/a-post/comments/0', { headers: { 'content-type': 'application/json' }, body: '{}' });
  assert.is(response.status, 401);
});

inputs('unknown query keys pass through, unless whitelist strips or forbidNonWhitelisted refuses them', async () => {
  assert.equal((await get('/api/things?limit=1&sort=new')).body, { limit: 1, sort: 'new', isDto: true });
  assert.equal((await get('/api/things?limit=1&sort=new', {}, stripping)).body, { limit: 1, isDto: true });
  const { status, body } = await get('/api/things?limit=1&sort=new', {}, strict);
  assert.is(status, 422);
  assert.equal(body.errors, [{ field: 'sort', message: 'property sort should not exist', in: 'query' }]);
});

inputs('query keys that would reach the prototype are dropped', async () => {
  const { status, body } = await get('/api/things?__proto__=a&__proto__=b&constructor=x&limit=2');
  assert.is(status, 200);
  assert.equal(body, { limit: 2, isDto: true });
});

inputs('@Params and @Headers twice on one method are decoration errors', () => {
  assert.throws(() => {
    class Twice {
      get(@Params(CommentParams) _a: unknown, @Params(CommentParams) _b: unknown) {}
    }
    return Twice;
  }, /more than one @Params parameter/);
  assert.throws(() => {
    class Twice {
      get(@Headers(ApiKeyHeaders) _a: unknown, @Headers(ApiKeyHeaders) _b: unknown) {}
    }
    return Twice;
  }, /more than one @Headers parameter/);
  assert.throws(() => Headers(undefined as never)({}, 'get', 0), /@Headers\(Dto\) on Object.get needs a DTO class/);
});

inputs('an @Transform of the user\'s own decides its value; an array header takes comma-separated items', async () => {
  class SplitQuery {
    @Transform(({ value }) => (value as string).split(',')) @IsString({ each: true }) tags!: string[];
  }
  class ListHeaders {
    @Type(() => Number) @IsInt({ each: true }) 'x-ids'!: number[];
  }
  @Controller('/split')
  class SplitController {
    @Get('')
    get(@Query(SplitQuery) query: SplitQuery, @Headers(ListHeaders) headers: ListHeaders) {
      return { tags: query.tags, ids: headers['x-ids'] };
    }
  }
  const split = createApplication({ controllers: [SplitController] });
  const response = await request(split, 'GET', '/api/split?tags=a,b', { headers: { 'x-ids': '1, 2,3' } });
  assert.equal(await jsonOf(response), { tags: ['a', 'b'], ids: [1, 2, 3] });
});

inputs.run();
