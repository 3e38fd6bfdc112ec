import { validate } from '@readme/openapi-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiKey, ApiResponse, Auth, bearer, Controller, createApplication, Get, generateOpenApiDocument, Post, Public, session } from '../../runtime/index';
import type { ResponseObject } from '../../runtime/openapi/types';

const jwt = bearer({ name: 'jwt', jwt: { jwks: 'https://issuer.test/jwks.json', issuer: 'https://issuer.test', audience: 'api' }, scopes: { 'posts:write': 'Write posts' } });
const key = apiKey({ name: 'key', header: 'X-API-Key', verify: () => undefined });
const cookie = session({ name: 'session', cookie: 'sid', resolve: () => undefined });

@Controller('/posts')
class PostsController {
  @Get('')
  @Auth(jwt, key)
  list() {
    return [];
  }

  @Post('')
  @Auth(jwt, { scopes: ['posts:write'] })
  create() {
    return {};
  }

  @Get('/feed')
  @Auth(jwt, cookie, { optional: true })
  feed() {
    return [];
  }

  @Get('/declared')
  @Auth(jwt)
  @ApiResponse({ status: 401, description: 'Sign in first' })
  declared() {
    return {};
  }

  @Get('/public')
  @Public()
  open() {
    return {};
  }

  @Get('/default')
  byDefault() {
    return {};
  }
}

const test = suite('OpenAPI: auth');

const documentOf = async (openapi?: '3.2') => {
  const app = createApplication({ basePath: '/auth-doc', controllers: [PostsController], auth: { schemes: [jwt, key, cookie], default: key } });
  return generateOpenApiDocument({ title: 'API', applications: [app], openapi });
};

test('the schemes are derived: http bearer JWT with its scopes described, an API key in a header, a session cookie', async () => {
  const doc = await documentOf();
  assert.equal(doc.components.securitySchemes, {
    jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Scopes: `posts:write`: Write posts.' },
    key: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    session: { type: 'apiKey', in: 'cookie', name: 'sid' },
  });
});

test("each operation's security: alternatives, optional adds {}, @Public under a default gives [], the default applies", async () => {
  const doc = await documentOf();
  const paths = doc.paths;
  assert.equal(paths['/auth-doc/posts'].get!.security, [{ jwt: [] }, { key: [] }]);
  assert.equal(paths['/auth-doc/posts'].post!.security, [{ jwt: ['posts:write'] }]);
  assert.match(paths['/auth-doc/posts'].post!.description!, 'Needs the scope `posts:write` (Write posts).');
  assert.equal(paths['/auth-doc/posts/feed'].get!.security, [{ jwt: [] }, { session: [] }, {}]);
  assert.equal(paths['/auth-doc/posts/public'].get!.security, []);
  assert.equal(paths['/auth-doc/posts/default'].get!.security, [{ key: [] }]);
});

test('guarded operations document 401 and 403 with WWW-Authenticate in the error format; an explicit @ApiResponse wins', async () => {
  const doc = await documentOf();
  const list = doc.paths['/auth-doc/posts'].get!;
  assert.equal(list.responses['401'], { $ref: '#/components/responses/Unauthorized' });
  assert.equal(list.responses['403'], { $ref: '#/components/responses/Forbidden' });
  assert.equal(Object.keys(list.responses), ['200', '401', '403', '404', '500']);
  assert.is(doc.paths['/auth-doc/posts/public'].get!.responses['401'], undefined);
  assert.is((doc.paths['/auth-doc/posts/declared'].get!.responses['401'] as ResponseObject).description, 'Sign in first');
  const unauthorized = doc.components.responses.Unauthorized;
  assert.equal(unauthorized.headers, { 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } });
  assert.equal(Object.keys(unauthorized.content!), ['application/json']);
  assert.ok(doc.components.headers!.WWWAuthenticate);
});

test('the documents are valid, 3.1 and 3.2', async () => {
  const result = await validate(structuredClone(await documentOf()) as never);
  assert.ok(result.valid, JSON.stringify(result));
  const doc32 = await documentOf('3.2');
  assert.equal(doc32.paths['/auth-doc/posts'].get!.security, [{ jwt: [] }, { key: [] }]);
  assert.ok(doc32.components.responses.Forbidden);
});

test.run();
