import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { IsString } from 'class-validator';
import {
  apiKey,
  Auth,
  bearer,
  Body,
  CacheControl,
  Controller,
  cors,
  createApplication,
  Delete,
  Get,
  Post,
  Principal,
  Public,
  RateLimit,
  session,
  type PrincipalOf,
} from '../../runtime/index';
import { AUDIENCE, ISSUER, startJwksServer, type JwksServer } from '../support/jwks-server';
import { withoutRequestId } from './helpers';

const test = suite('auth');

let keys: JwksServer;
let outage: JwksServer;
let ran = 0;

test.before(async () => {
  keys = await startJwksServer();
  outage = await startJwksServer();
  outage.mode = 'down';
});
test.after(async () => {
  await keys.close();
  await outage.close();
});

const jwt = () =>
  bearer({
    name: 'jwt',
    jwt: { jwks: keys.url, issuer: ISSUER, audience: AUDIENCE },
    principal: (claims) => ({ id: claims.sub!, scopes: claims.scope?.split(' ') ?? [], roles: claims.roles ?? [] }),
    scopes: { 'posts:write': 'Write posts' },
  });
const keyScheme = apiKey({ name: 'key', header: 'X-API-Key', verify: (key) => (key === 'k-123' ? { id: 'service', roles: ['service'] } : undefined) });
const cookieScheme = session({ name: 'session', cookie: 'sid', resolve: (request) => (request.headers.get('cookie')?.includes('sid=good') ? { id: 'u-cookie' } : undefined) });

class PostDto {
  @IsString()
  title!: string;
}

function app(options: { failures?: false | { limit: number; window: number } } = {}) {
  const scheme = jwt();
  const down = bearer({ name: 'down', prefix: 'Down', jwt: { jwks: outage.url, issuer: ISSUER, audience: AUDIENCE } });
  type User = PrincipalOf<typeof scheme>;

  @Controller('/posts')
  @Auth(scheme, keyScheme)
  class PostsController {
    @Get('')
    list(@Principal() who: User | { id: string }, @Principal(scheme) user: User | undefined) {
      ran += 1;
      return { who: who.id, viaJwt: user?.id ?? null };
    }

    @Post('')
    @Auth(scheme, { scopes: ['posts:write'] })
    create(@Body(PostDto) body: PostDto, @Principal(scheme) user: User) {
      ran += 1;
      return { title: body.title, by: user.id };
    }

    @Delete('/:id')
    @Auth(scheme, cookieScheme)
    remove() {
      ran += 1;
      return { deleted: true };
    }

    @Get('/admin')
    @Auth(scheme, keyScheme, { roles: ['admin', 'service'] })
    admin(@Principal() who: { id: string }) {
      return { admin: who.id };
    }

    @Get('/policy')
    @Auth(scheme, { policy: (user) => user.id === 'u1' })
    policy() {
      return { ok: true };
    }

    @Get('/feed')
    @Auth(scheme, { optional: true })
    feed(@Principal() who: User | undefined) {
      return { who: who?.id ?? 'anonymous' };
    }

    @Get('/cached')
    @CacheControl({ maxAge: 60 })
    cached() {
      return { ok: true };
    }

    @Get('/limited')
    @RateLimit({ limit: 1, window: 60_000 })
    limited() {
      return { ok: true };
    }

    @Get('/outage')
    @Auth(down)
    outage() {
      return { ok: true };
    }
  }

  @Controller('/open')
  class OpenController {
    @Get('')
    @Public()
    open() {
      return { open: true };
    }

    @Get('/closed')
    closed(@Principal() who: { id: string }) {
      return { who: who.id };
    }
  }

  const application = createApplication({
    controllers: [PostsController, OpenController],
    auth: { schemes: [scheme, keyScheme, cookieScheme, down], default: scheme, failures: options.failures ?? false },
  });
  application.use(cors({ origin: 'https://app.test' }));
  return application;
}

const bearerOf = async (claims: Record<string, unknown>, options?: Parameters<JwksServer['sign']>[1]) => ({ authorization: `Bearer ${await keys.sign(claims, options)}` });

test('a valid token lets the request in, and the route gets its principal', async () => {
  const response = await app().fetch('/api/posts', { headers: await bearerOf({ sub: 'u1' }) });
  assert.is(response.status, 200);
  assert.equal(await response.json(), { who: 'u1', viaJwt: 'u1' });
  assert.is(response.headers.get('cache-control'), 'private');
});

test('no credential: 401 with a challenge per scheme, in the error format', async () => {
  const response = await app().fetch('/api/posts');
  assert.is(response.status, 401);
  assert.is(response.headers.get('www-authenticate'), 'Bearer realm="jwt", ApiKey realm="key", header="X-API-Key"');
  assert.equal(withoutRequestId(await response.json(), response.headers.get('x-request-id')), { success: false, statusCode: 401, message: 'Authentication required' });
});

test('an expired token, a wrong audience or issuer, a bad signature: 401 invalid_token', async () => {
  const application = app();
  for (const headers of [
    await bearerOf({ sub: 'u1' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
    await bearerOf({ sub: 'u1' }, { audience: 'https://other.test' }),
    await bearerOf({ sub: 'u1' }, { issuer: 'https://evil.test' }),
    { authorization: 'Bearer not.a.jwt' },
  ]) {
    const response = await application.fetch('/api/posts', { headers });
    assert.is(response.status, 401, headers.authorization);
    assert.match(response.headers.get('www-authenticate')!, 'Bearer realm="jwt", error="invalid_token"');
  }
});

test('a present but invalid credential is a 401 at once, never a fall-through to the next scheme', async () => {
  const response = await app().fetch('/api/posts', { headers: { authorization: 'Bearer nope', 'x-api-key': 'k-123' } });
  assert.is(response.status, 401);
});

test('an API key lets the request in; @Principal(jwt) is undefined then', async () => {
  const response = await app().fetch('/api/posts', { headers: { 'x-api-key': 'k-123' } });
  assert.is(response.status, 200);
  assert.equal(await response.json(), { who: 'service', viaJwt: null });
  const wrong = await app().fetch('/api/posts', { headers: { 'x-api-key': 'nope' } });
  assert.is(wrong.status, 401);
  assert.match(wrong.headers.get('www-authenticate')!, 'ApiKey realm="key", header="X-API-Key", error="invalid_token"');
});

test('missing scope: 403 insufficient_scope; scopes granted: the body is read', async () => {
  const application = app();
  const body = JSON.stringify({ title: 'Hello' });
  const denied = await application.fetch('/api/posts', { method: 'POST', body, headers: { ...(await bearerOf({ sub: 'u1', scope: 'posts:read' })), 'content-type': 'application/json' } });
  assert.is(denied.status, 403);
  assert.is(denied.headers.get('www-authenticate'), 'Bearer error="insufficient_scope", scope="posts:write"');
  const allowed = await application.fetch('/api/posts', { method: 'POST', body, headers: { ...(await bearerOf({ sub: 'u1', scp: ['posts:read', 'posts:write'] })), 'content-type': 'application/json' } });
  assert.is(allowed.status, 200);
  assert.equal(await allowed.json(), { title: 'Hello', by: 'u1' });
});

test('a method’s @Auth with options only keeps its controller’s schemes and options, its own replacing theirs; the default’s scheme without a controller’s', async () => {
  const scheme = jwt();
  @Controller('/scoped')
  @Auth(scheme, keyScheme, { roles: ['writer', 'service'], scopes: ['posts:read'] })
  class ScopedController {
    @Post('')
    @Auth({ scopes: ['posts:write'] })
    write(@Principal(scheme) user: { id: string } | undefined) {
      return { by: user?.id ?? null };
    }
  }
  @Controller('/bare')
  class BareController {
    @Get('')
    @Auth({ roles: ['admin'] })
    get(@Principal(keyScheme) client: { id: string }) {
      return { client: client.id };
    }
  }
  @Controller('/open')
  @Public()
  class PublicController {
    @Get('')
    @Auth({ roles: ['service'] })
    get() {
      return { ok: true };
    }
  }
  const schemes = [scheme, keyScheme];
  const application = createApplication({ controllers: [ScopedController, BareController, PublicController], auth: { schemes, default: keyScheme, failures: false } });
  const post = async (claims: Record<string, unknown>) => (await application.fetch('/api/scoped', { method: 'POST', headers: await bearerOf(claims) })).status;
  assert.is(await post({ sub: 'u1', scope: 'posts:write', roles: ['writer'] }), 200);
  assert.is(await post({ sub: 'u1', scope: 'posts:read', roles: ['writer'] }), 403, 'the method’s scopes replace the class’s');
  assert.is(await post({ sub: 'u1', scope: 'posts:write', roles: ['reader'] }), 403, 'the class’s roles stay');
  const anonymous = await application.fetch('/api/scoped', { method: 'POST' });
  assert.is(anonymous.status, 401);
  assert.match(anonymous.headers.get('www-authenticate') ?? '', /Bearer/);
  assert.is((await application.fetch('/api/scoped', { method: 'POST', headers: { 'x-api-key': 'k-123' } })).status, 403, 'the key’s principal has no scopes');
  assert.is((await application.fetch('/api/bare')).status, 401);
  assert.is((await application.fetch('/api/bare', { headers: { 'x-api-key': 'k-123' } })).status, 403, 'the default’s scheme, with the method’s roles');
  assert.is((await application.fetch('/api/open')).status, 401, 'under a @Public class: the default’s scheme');
  assert.is((await application.fetch('/api/open', { headers: { 'x-api-key': 'k-123' } })).status, 200);
  assert.throws(() => createApplication({ controllers: [BareController], auth: { schemes } }), /BareController\.get: @Auth needs a scheme or auth\.default\./);
});

test('roles: any one of them; policy false: 403', async () => {
  const application = app();
  assert.is((await application.fetch('/api/posts/admin', { headers: await bearerOf({ sub: 'u1', roles: ['admin'] }) })).status, 200);
  assert.is((await application.fetch('/api/posts/admin', { headers: { 'x-api-key': 'k-123' } })).status, 200);
  assert.is((await application.fetch('/api/posts/admin', { headers: await bearerOf({ sub: 'u1', roles: ['reader'] }) })).status, 403);
  assert.is((await application.fetch('/api/posts/policy', { headers: await bearerOf({ sub: 'u1' }) })).status, 200);
  assert.is((await application.fetch('/api/posts/policy', { headers: await bearerOf({ sub: 'u2' }) })).status, 403);
});

test('optional: anonymous without a credential, 401 with a bad one, varies on Authorization and Cookie', async () => {
  const application = app();
  const anonymous = await application.fetch('/api/posts/feed');
  assert.equal(await anonymous.json(), { who: 'anonymous' });
  assert.match(anonymous.headers.get('vary')!, 'Authorization, Cookie');
  const known = await application.fetch('/api/posts/feed', { headers: await bearerOf({ sub: 'u1' }) });
  assert.equal(await known.json(), { who: 'u1' });
  assert.is(known.headers.get('cache-control'), 'private');
  assert.is((await application.fetch('/api/posts/feed', { headers: { authorization: 'Bearer bad' } })).status, 401);
});

test('@Public under a default needs nothing; a route without @Auth needs the default', async () => {
  const application = app();
  assert.is((await application.fetch('/api/open')).status, 200);
  assert.is((await application.fetch('/api/open/closed')).status, 401);
  const response = await application.fetch('/api/open/closed', { headers: await bearerOf({ sub: 'u9' }) });
  assert.equal(await response.json(), { who: 'u9' });
});

test('a session cookie lets a same-origin DELETE in; a cross-site one is 403; a bearer token needs no CSRF check', async () => {
  const application = app();
  ran = 0;
  const same = await application.fetch('http://localhost/api/posts/1', { method: 'DELETE', headers: { cookie: 'sid=good', origin: 'http://localhost' } });
  assert.is(same.status, 200);
  const cross = await application.fetch('http://localhost/api/posts/1', { method: 'DELETE', headers: { cookie: 'sid=good', origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' } });
  assert.is(cross.status, 403);
  const token = await application.fetch('http://localhost/api/posts/1', { method: 'DELETE', headers: { ...(await bearerOf({ sub: 'u1' })), origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' } });
  assert.is(token.status, 200);
  assert.is(ran, 2);
  assert.is((await application.fetch('/api/posts/1', { method: 'DELETE', headers: { cookie: 'sid=bad' } })).status, 401);
});

test('a large body to a guarded route without credentials: 401, and the handler never runs', async () => {
  ran = 0;
  const body = new Uint8Array(50 * 1024 * 1024);
  const response = await app().fetch('/api/posts', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  assert.is(response.status, 401);
  assert.is(ran, 0);
});

test('a CORS preflight is answered without credentials', async () => {
  const response = await app().fetch('/api/posts', { method: 'OPTIONS', headers: { origin: 'https://app.test', 'access-control-request-method': 'POST' } });
  assert.is(response.status, 204);
  assert.is(response.headers.get('access-control-allow-origin'), 'https://app.test');
});

test('a JWKS outage is a 503, not a 401', async () => {
  const response = await app().fetch('/api/posts/outage', { headers: { authorization: `Down ${await keys.sign({ sub: 'u1' })}` } });
  assert.is(response.status, 503);
});

test('a JWKS that does not answer in time (5 s) is a 503 with Retry-After, not a 401', async () => {
  const hanging = await startJwksServer();
  hanging.mode = 'hang';
  try {
    const slow = bearer({ name: 'slow', jwt: { jwks: hanging.url, issuer: ISSUER, audience: AUDIENCE } });
    @Controller('/slow')
    class Slow {
      @Get('')
      @Auth(slow)
      get() {
        return {};
      }
    }
    const application = createApplication({ controllers: [Slow], auth: { schemes: [slow] } });
    const response = await application.fetch('/api/slow', { headers: { authorization: `Bearer ${await keys.sign({ sub: 'u1' })}` } });
    assert.is(response.status, 503);
    assert.is(response.headers.get('retry-after'), '5');
  } finally {
    await hanging.close();
  }
});

test('rate limits count per principal', async () => {
  const application = app();
  assert.is((await application.fetch('/api/posts/limited', { headers: await bearerOf({ sub: 'a' }) })).status, 200);
  assert.is((await application.fetch('/api/posts/limited', { headers: await bearerOf({ sub: 'a' }) })).status, 429);
  assert.is((await application.fetch('/api/posts/limited', { headers: await bearerOf({ sub: 'b' }) })).status, 200);
});

test('an authenticated GET with its own @CacheControl keeps it', async () => {
  const response = await app().fetch('/api/posts/cached', { headers: await bearerOf({ sub: 'u1' }) });
  assert.is(response.headers.get('cache-control'), 'max-age=60');
});

test('failed authentications are limited per client address: 429, then even a valid token waits', async () => {
  const application = app({ failures: { limit: 2, window: 60_000 } });
  const from = (address: string, headers: Record<string, string>) => application.fetch('/api/posts', { headers: { ...headers, 'x-forwarded-for': address } });
  assert.is((await from('10.0.0.1', { authorization: 'Bearer bad' })).status, 401);
  assert.is((await from('10.0.0.1', { authorization: 'Bearer bad' })).status, 401);
  const limited = await from('10.0.0.1', { authorization: 'Bearer bad' });
  assert.is(limited.status, 429);
  assert.ok(Number(limited.headers.get('retry-after')) > 0);
  assert.is((await from('10.0.0.1', await bearerOf({ sub: 'u1' }))).status, 429);
  assert.is((await from('10.0.0.2', await bearerOf({ sub: 'u1' }))).status, 200);
});

test('createApplication names what is wrong: an unlisted scheme, two schemes with one name, @Principal a route does not cover, a shared cache', () => {
  const scheme = jwt();
  @Controller('/a')
  class A {
    @Get('')
    @Auth(scheme)
    get() {}
  }
  assert.throws(() => createApplication({ controllers: [A] }), /A\.get: scheme jwt is not in auth\.schemes/);
  assert.throws(() => createApplication({ controllers: [A], auth: { schemes: [scheme, bearer({ name: 'jwt', verify: () => undefined })] } }), /two auth\.schemes are named jwt/);
  @Controller('/b')
  class B {
    @Get('')
    @Auth(scheme)
    get(@Principal(keyScheme) key: unknown) {
      return key;
    }
  }
  assert.throws(() => createApplication({ controllers: [B], auth: { schemes: [scheme, keyScheme] } }), /B\.get: @Principal\(key\) but its @Auth does not take it/);
  @Controller('/c')
  class C {
    @Get('')
    get(@Principal() who: unknown) {
      return who;
    }
  }
  assert.throws(() => createApplication({ controllers: [C] }), /C\.get: @Principal\(\) but its @Auth does not take it/);
});

test('a shared cache on an authenticated route is refused as the dispatcher is built, before any request', async () => {
  const scheme = jwt();
  @Controller('/d')
  class D {
    @Get('')
    @Auth(scheme)
    @CacheControl({ public: true, maxAge: 60 })
    get() {}
  }
  const printed: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void printed.push(args);
  try {
    const application = createApplication({ controllers: [D], auth: { schemes: [scheme] }, onError: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.match(String((printed[0] as unknown[])?.[1]), /D\.get needs authentication: its @CacheControl cannot be public or s-maxage/);
    const failed = await application.fetch('/api/d').then(() => undefined, (error: Error) => error);
    assert.match(String(failed?.message), /cannot be public or s-maxage/);
  } catch (error) {
    console.error = original;
    throw error;
  }
  console.error = original;
});

test('verify throwing is a server error, never a 401', async () => {
  const broken = apiKey({ name: 'broken', header: 'x-key', verify: () => { throw new Error('database down'); } });
  @Controller('/e')
  class E {
    @Get('')
    @Auth(broken)
    get() {}
  }
  const errors: unknown[] = [];
  const application = createApplication({ controllers: [E], auth: { schemes: [broken] }, onError: (error) => void errors.push(error) });
  const response = await application.fetch('/api/e', { headers: { 'x-key': 'k' } });
  assert.is(response.status, 500);
  assert.is(errors.length, 1);
});

test.run();

const testing = suite('testAuth (next-app-controllers/testing)');

testing('auth.headers passes the real verification of a JWT scheme, with its scopes; stubs for apiKey and session', async () => {
  const { testAuth } = await import('../../runtime/testing');
  const scheme = bearer({ name: 'jwt', jwt: { jwks: 'http://127.0.0.1:9/never-fetched.json', issuer: ISSUER, audience: AUDIENCE } });
  const key = apiKey({ name: 'key', header: 'X-API-Key', verify: () => undefined });
  const cookieSession = session({ name: 'session', cookie: 'sid', resolve: () => undefined });

  @Controller('/t')
  class T {
    @Post('')
    @Auth(scheme, { scopes: ['posts:write'] })
    write(@Principal(scheme) claims: PrincipalOf<typeof scheme>) {
      return { sub: claims.sub };
    }

    @Get('/any')
    @Auth(key, cookieSession)
    any(@Principal() who: { id: string }) {
      return { id: who.id };
    }
  }
  const application = createApplication({ controllers: [T], auth: { schemes: [scheme, key, cookieSession] } });
  const auth = testAuth(application);
  const allowed = await application.fetch('/api/t', { method: 'POST', headers: await auth.headers(scheme, { sub: 'u1', scope: 'posts:write' }) });
  assert.is(allowed.status, 200);
  assert.equal(await allowed.json(), { sub: 'u1' });
  const denied = await application.fetch('/api/t', { method: 'POST', headers: await auth.headers(scheme, { sub: 'u1', scope: 'posts:read' }) });
  assert.is(denied.status, 403);
  assert.is((await application.fetch('/api/t/any', { headers: await auth.headers(key, { id: 'svc' }) })).status, 200);
  const viaCookie = await application.fetch('/api/t/any', { headers: await auth.headers(cookieSession, { id: 'u-cookie' }) });
  assert.equal(await viaCookie.json(), { id: 'u-cookie' });
  assert.is((await application.fetch('/api/t/any', { headers: { 'x-api-key': 'test-made-up' } })).status, 401);
});

testing('its defaults: a JWT signed ES256 for sub "test-user", from the scheme\'s first issuer to its audience, valid 10 minutes; a stub credential "test-<uuid>"', async () => {
  const { testAuth } = await import('../../runtime/testing');
  const { decodeJwt, decodeProtectedHeader } = await import('jose');
  const scheme = bearer({ name: 'jwt', jwt: { jwks: 'http://127.0.0.1:9/never-fetched.json', issuer: [ISSUER, 'https://other.example/'], audience: AUDIENCE } });
  const hs = bearer({ name: 'hs', jwt: { key: 'a-secret-of-at-least-32-bytes-000000', issuer: ISSUER, audience: [AUDIENCE, 'second'], algorithms: ['HS256'] } });
  const key = apiKey({ name: 'key', header: 'X-API-Key', verify: () => undefined });
  const application = createApplication({ controllers: [], auth: { schemes: [scheme, hs, key] } });
  const auth = testAuth(application);
  const token = await auth.credential(scheme);
  const claims = decodeJwt(token);
  assert.equal({ sub: claims.sub, iss: claims.iss, aud: claims.aud, lifetime: claims.exp! - claims.iat! }, { sub: 'test-user', iss: ISSUER, aud: AUDIENCE, lifetime: 600 });
  assert.is(decodeProtectedHeader(token).alg, 'ES256');
  const signedHs = await auth.credential(hs, { sub: 'u2' });
  assert.equal([decodeProtectedHeader(signedHs).alg, decodeJwt(signedHs).aud, decodeJwt(signedHs).sub], ['HS256', [AUDIENCE, 'second'], 'u2']);
  assert.match(await auth.credential(key), /^test-[0-9a-f-]{36}$/);
});

testing('testAuth refuses under NODE_ENV=production, and the dispatcher ignores its credentials there', async () => {
  const { testAuth } = await import('../../runtime/testing');
  const key = apiKey({ name: 'key', header: 'X-API-Key', verify: () => undefined });
  @Controller('/p')
  class P {
    @Get('')
    @Auth(key)
    get() {
      return {};
    }
  }
  const application = createApplication({ controllers: [P], auth: { schemes: [key] } });
  const headers = await testAuth(application).headers(key, { id: 'svc' });
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    assert.throws(() => testAuth(application), /does not run with NODE_ENV=production/);
    assert.is((await application.fetch('/api/p', { headers })).status, 401);
  } finally {
    process.env.NODE_ENV = before;
  }
  assert.is((await application.fetch('/api/p', { headers })).status, 200);
});

testing.run();
