import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Body,
  Controller,
  Get,
  Options,
  Post,
  VERSION_NEUTRAL,
  Version,
  cors,
  createApplication,
  problemDetails,
  type Application,
  type RouteContext,
  type VersioningOptions,
} from '../../runtime/index';
import { IsString } from 'class-validator';
import { captureConsole, jsonOf, request } from './helpers';

// One API in two versions: v1 and v2 controllers at the same paths, a route both answer, a neutral route, a route of
// the default version (no @Version) and one that exists in v2 only.
@Version('1')
@Controller('/posts')
class PostsV1Controller {
  @Get('')
  list() {
    return { version: '1', posts: ['v1'] };
  }

  @Get('/:id')
  @Version(['1', '2'])
  findOne(context: RouteContext) {
    return { shared: context.params.id };
  }
}

class CreatePostDto {
  @IsString()
  title!: string;
}

@Version('2')
@Controller('/posts')
class PostsV2Controller {
  @Get('')
  list() {
    return { version: '2', posts: ['v2'] };
  }

  @Post('')
  create(@Body(CreatePostDto) body: CreatePostDto) {
    return { created: body.title };
  }

  @Get('/drafts/only')
  drafts() {
    return ['draft'];
  }
}

@Controller('/health')
class HealthController {
  @Get('')
  @Version(VERSION_NEUTRAL)
  health() {
    return { status: 'ok' };
  }

  @Get('/plain')
  plain() {
    return { plain: true };
  }
}

const CONTROLLERS = [PostsV1Controller, PostsV2Controller, HealthController];
const app = (versioning: VersioningOptions, extra: Partial<Parameters<typeof createApplication>[0]> = {}) =>
  createApplication({ controllers: CONTROLLERS, versioning, ...extra });

async function answer(application: Application, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await request(application, method, path, { headers });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const body: any = response.status === 204 ? null : await jsonOf(response);
  return { status: response.status, body, headers: response.headers };
}

const uri = suite("versioning { type: 'uri' }");

uri('each version is a path segment after the basePath; a route of several versions answers at each', async () => {
  const api = app({ type: 'uri' });
  assert.equal((await answer(api, '/api/v1/posts')).body, { version: '1', posts: ['v1'] });
  assert.equal((await answer(api, '/api/v2/posts')).body, { version: '2', posts: ['v2'] });
  assert.equal((await answer(api, '/api/v1/posts/7')).body, { shared: '7' });
  assert.equal((await answer(api, '/api/v2/posts/8')).body, { shared: '8' });
  assert.is((await answer(api, '/api/v2/posts/drafts/only')).status, 200);
  assert.is((await answer(api, '/api/v1/posts/drafts/only')).status, 404, 'v1 has no drafts route');
});

uri('version-neutral routes and routes without @Version (no default) are served without a version segment', async () => {
  const api = app({ type: 'uri' });
  assert.equal((await answer(api, '/api/health')).body, { status: 'ok' });
  assert.equal((await answer(api, '/api/health/plain')).body, { plain: true });
  assert.is((await answer(api, '/api/v1/health')).status, 404);
  assert.equal((await answer(api, '/api/posts')).body, { success: false, statusCode: 404, message: 'Cannot GET /api/posts' });
});

uri('a path naming a version no route has is a 404 that lists the versions, in the default body', async () => {
  const api = app({ type: 'uri' });
  const { status, body } = await answer(api, '/api/v3/posts');
  assert.is(status, 404);
  assert.equal(body, { success: false, statusCode: 404, message: 'API version 3 does not exist; this API has versions 1, 2.', versions: ['1', '2'] });
  // A known version without the path is a plain 404, and so is a segment that is no version at all.
  assert.is((await answer(api, '/api/v2/nothing')).body.message, 'Cannot GET /api/v2/nothing');
  assert.is((await answer(api, '/api/videos')).body.message, 'Cannot GET /api/videos');
});

uri('the prefix option: another segment prefix, or none', async () => {
  assert.is((await answer(app({ type: 'uri', prefix: 'version-' }), '/api/version-2/posts')).body.version, '2');
  const bare = app({ type: 'uri', prefix: '' });
  assert.is((await answer(bare, '/api/1/posts')).body.version, '1');
  assert.is((await answer(bare, '/api/7/posts')).body.message, 'API version 7 does not exist; this API has versions 1, 2.');
});

uri('defaultVersion: routes without @Version belong to it, and a path without a version segment is answered as it', async () => {
  const api = app({ type: 'uri', defaultVersion: '1' });
  assert.equal((await answer(api, '/api/posts')).body, { version: '1', posts: ['v1'] });
  assert.equal((await answer(api, '/api/v1/health/plain')).body, { plain: true });
  assert.equal((await answer(api, '/api/health/plain')).body, { plain: true });
  assert.is((await answer(api, '/api/v2/health/plain')).status, 404);
  // VERSION_NEUTRAL stays unversioned.
  assert.is((await answer(api, '/api/v1/health')).status, 404);
  assert.is((await answer(api, '/api/health')).status, 200);
});

uri('another basePath, and basePath "/"', async () => {
  assert.is((await answer(app({ type: 'uri' }, { basePath: '/service/api' }), '/service/api/v2/posts')).body.version, '2');
  const root = app({ type: 'uri' }, { basePath: '/' });
  assert.is((await answer(root, '/v1/posts')).body.version, '1');
  assert.is((await answer(root, '/v4/posts')).body.message, 'API version 4 does not exist; this API has versions 1, 2.');
});

const header = suite("versioning { type: 'header' }");

header('the header names the version; a route of several versions answers each; neutral routes answer any', async () => {
  const api = app({ type: 'header', header: 'X-API-Version' });
  assert.is((await answer(api, '/api/posts', { 'x-api-version': '1' })).body.version, '1');
  assert.is((await answer(api, '/api/posts', { 'X-API-Version': '2' })).body.version, '2');
  assert.equal((await answer(api, '/api/posts/3', { 'x-api-version': '1' })).body, { shared: '3' });
  assert.equal((await answer(api, '/api/posts/4', { 'x-api-version': '2' })).body, { shared: '4' });
  assert.equal((await answer(api, '/api/health', { 'x-api-version': '2' })).body, { status: 'ok' });
  assert.equal((await answer(api, '/api/health')).body, { status: 'ok' });
  assert.equal((await answer(api, '/api/health/plain', { 'x-api-version': '1' })).body, { plain: true });
});

header('a request naming no version reaches only the version-neutral routes; with defaultVersion, that version', async () => {
  const api = app({ type: 'header', header: 'X-API-Version' });
  assert.equal((await answer(api, '/api/posts')).body, { success: false, statusCode: 404, message: 'Cannot GET /api/posts' });
  const defaulted = app({ type: 'header', header: 'X-API-Version', defaultVersion: '2' });
  assert.is((await answer(defaulted, '/api/posts')).body.version, '2');
  // health/plain has no @Version: with a default it belongs to version 2 only.
  assert.is((await answer(defaulted, '/api/health/plain')).status, 200);
  assert.is((await answer(defaulted, '/api/health/plain', { 'x-api-version': '1' })).status, 404);
});

header('an unknown version is a 404 through formatError, its message naming the versions', async () => {
  const api = app({ type: 'header', header: 'X-API-Version' }, { formatError: problemDetails });
  const response = await request(api, 'GET', '/api/posts', { headers: { 'x-api-version': '9' } });
  assert.is(response.status, 404);
  assert.is(response.headers.get('content-type'), 'application/problem+json');
  const body = (await jsonOf(response)) as Record<string, unknown>;
  assert.is(body.detail, 'API version 9 does not exist; this API has versions 1, 2.');
  const custom = app({ type: 'header', header: 'X-API-Version' }, { formatError: (error) => ({ error: error.message, status: error.status }) });
  assert.equal((await answer(custom, '/api/health', { 'x-api-version': 'beta' })).body, {
    error: 'API version beta does not exist; this API has versions 1, 2.',
    status: 404,
  });
});

header('no Vary header is added (it cost ~5 % of a request); a global middleware adds it where answers are cached', async () => {
  const api = app({ type: 'header', header: 'X-API-Version' });
  assert.is((await answer(api, '/api/posts', { 'x-api-version': '1' })).headers.get('vary'), null);
  const cached = app({ type: 'header', header: 'X-API-Version' }).use(async (_context, next) => {
    const response = await next();
    response.headers.append('vary', 'X-API-Version');
    return response;
  });
  assert.is((await answer(cached, '/api/posts', { 'x-api-version': '9' })).headers.get('vary'), 'X-API-Version');
});

header('405 and Allow, HEAD and OPTIONS are answered per version', async () => {
  const api = app({ type: 'header', header: 'X-API-Version' });
  const v1Post = await answer(api, '/api/posts', { 'x-api-version': '1' }, 'POST');
  assert.is(v1Post.status, 405);
  assert.is(v1Post.headers.get('allow'), 'GET, HEAD, OPTIONS');
  const v2Options = await request(api, 'OPTIONS', '/api/posts', { headers: { 'x-api-version': '2' } });
  assert.is(v2Options.status, 204);
  assert.is(v2Options.headers.get('allow'), 'GET, POST, HEAD, OPTIONS');
  const head = await request(api, 'HEAD', '/api/posts', { headers: { 'x-api-version': '2' } });
  assert.is(head.status, 200);
  assert.is(await head.text(), '');
});

header('global middleware runs around every version and around the unknown-version 404 (CORS headers on it)', async () => {
  const api = app({ type: 'header', header: 'X-API-Version' }).use(cors({ origin: 'https://app.example.com' }));
  const unknown = await request(api, 'GET', '/api/posts', { headers: { 'x-api-version': '7', origin: 'https://app.example.com' } });
  assert.is(unknown.status, 404);
  assert.is(unknown.headers.get('access-control-allow-origin'), 'https://app.example.com');
  const known = await request(api, 'GET', '/api/posts', { headers: { 'x-api-version': '1', origin: 'https://app.example.com' } });
  assert.is(known.headers.get('access-control-allow-origin'), 'https://app.example.com');
});

header('validation and the rest of the route run as without versioning', async () => {
  const api = app({ type: 'header', header: 'X-API-Version' });
  const invalid = await request(api, 'POST', '/api/posts', { headers: { 'x-api-version': '2', 'content-type': 'application/json' }, body: '{"title":1}' });
  assert.is(invalid.status, 422);
  const created = await request(api, 'POST', '/api/posts', { headers: { 'x-api-version': '2', 'content-type': 'application/json' }, body: '{"title":"t"}' });
  assert.equal(await jsonOf(created), { created: 't' });
});

const mediaType = suite("versioning { type: 'media-type' }");

mediaType('the version parameter of Accept, with or without quotes and spaces, anywhere in the header', async () => {
  const api = app({ type: 'media-type' });
  assert.is((await answer(api, '/api/posts', { accept: 'application/json; version=1' })).body.version, '1');
  assert.is((await answer(api, '/api/posts', { accept: 'application/json;version="2"' })).body.version, '2');
  assert.is((await answer(api, '/api/posts', { accept: 'text/html;q=0.9, application/json; q=1; Version = 2' })).body.version, '2');
  assert.is((await answer(api, '/api/posts', { accept: 'application/json' })).status, 404);
  assert.is((await answer(api, '/api/health', { accept: '*/*' })).status, 200);
});

mediaType('the key option (NestJS spells it with its "=": v=); an unknown version is the 404 listing them', async () => {
  const api = app({ type: 'media-type', key: 'v=' });
  assert.is((await answer(api, '/api/posts', { accept: 'application/json;v=2' })).body.version, '2');
  const unknown = await answer(api, '/api/posts', { accept: 'application/json;v=3' });
  assert.is(unknown.body.message, 'API version 3 does not exist; this API has versions 1, 2.');
  assert.is((await answer(app({ type: 'media-type', key: 'api-version' }), '/api/posts', { accept: 'application/json; api-version=1' })).body.version, '1');
});

mediaType('defaultVersion answers an Accept without the parameter', async () => {
  const api = app({ type: 'media-type', defaultVersion: '1' });
  assert.is((await answer(api, '/api/posts', { accept: 'application/json' })).body.version, '1');
  assert.is((await answer(api, '/api/posts')).body.version, '1');
});

const options = suite('createApplication({ versioning }): what it refuses');

options('an unknown type, a header type without a header name, and a header name that is not one', () => {
  const make = (versioning: unknown) => () => createApplication({ controllers: [], versioning: versioning as VersioningOptions });
  assert.throws(make({ type: 'path' }), (error: Error) => error.message === `createApplication: versioning.type must be 'uri', 'header' or 'media-type', got "path".`);
  assert.throws(make({}), (error: Error) => error.message === `createApplication: versioning.type must be 'uri', 'header' or 'media-type', got undefined.`);
  assert.throws(
    make({ type: 'header' }),
    (error: Error) => error.message === `createApplication: versioning { type: 'header' } needs the header's name, e.g. header: 'X-API-Version', got undefined.`,
  );
  assert.throws(
    make({ type: 'header', header: 'X API' }),
    (error: Error) => error.message === `createApplication: versioning { type: 'header' } needs the header's name, e.g. header: 'X-API-Version', got "X API".`,
  );
});

options('@Version in an application without versioning names the route and the option to pass', () => {
  assert.throws(
    () => createApplication({ controllers: [PostsV1Controller] }),
    (error: Error) =>
      error.message ===
      `PostsV1Controller.list has @Version but no versioning: pass createApplication({ versioning: { type: 'uri' } }) (or 'header', 'media-type'), got "1".`,
  );
  assert.throws(() => createApplication({ controllers: [HealthController] }), /^HealthController\.health has @Version but no versioning/);
});

options('two routes of one version at the same path: the later is reported as shadowed; in different versions, not', async () => {
  @Controller('/things')
  @Version('1')
  class First {
    @Get('')
    list() {
      return 'first';
    }
  }
  @Controller('/things')
  @Version(['1', '2'])
  class Second {
    @Get('')
    list() {
      return 'second';
    }
  }
  for (const versioning of [{ type: 'uri' }, { type: 'header', header: 'X-Version' }] as const) {
    const { warn } = await captureConsole(async () => {
      await createApplication({ controllers: [First, Second], versioning, basePath: `/${versioning.type}-shadow` }).handle(new Request('http://localhost/'));
    });
    assert.equal(warn, [], 'Second answers version 2, so it is reachable');
  }
  @Controller('/things')
  @Version('1')
  class Third {
    @Get('')
    list() {
      return 'third';
    }
  }
  const { warn } = await captureConsole(async () => {
    await createApplication({ controllers: [First, Third], versioning: { type: 'uri' }, basePath: '/uri-shadowed' }).handle(new Request('http://localhost/'));
  });
  assert.equal(warn, [
    'next-app-controllers: GET /uri-shadowed/v1/things (Third.list) can never match: GET /uri-shadowed/v1/things (First.list) is declared earlier and matches every request it would. Declare the more specific route first.',
  ]);
});

options('app.versioning is the option; @Options routes and the route table work as before', async () => {
  @Controller('/opts')
  @Version('3')
  class WithOptions {
    @Options('')
    options() {
      return { custom: true };
    }
  }
  const api = createApplication({ controllers: [WithOptions], versioning: { type: 'uri' } });
  assert.equal(api.versioning, { type: 'uri' });
  assert.equal(api.routes.map((route) => [route.path, route.version]), [['/api/opts', '3']]);
  assert.equal((await answer(api, '/api/v3/opts', {}, 'OPTIONS')).body, { custom: true });
});

uri.run();
header.run();
mediaType.run();
options.run();
