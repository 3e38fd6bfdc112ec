import { SignJWT } from 'jose';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Auth, bearer, Controller, createApplication, Get, Principal, type JwtClaims } from '../../runtime/index';

// bearer({ jwt: { key } }) with a shared secret: imported once as an HMAC CryptoKey when `algorithms` names one HS
// algorithm, the bytes as they are otherwise; either way a token signed with the secret passes, others are a 401.
const test = suite('auth: a shared secret');

const SECRET = 'a-test-secret-of-at-least-32-bytes!!';
const claims = { issuer: 'https://issuer.test', audience: 'https://api.test' };
const sign = (alg: string, secret = SECRET) =>
  new SignJWT({ scope: 'read' }).setProtectedHeader({ alg }).setSubject('u1').setIssuer(claims.issuer).setAudience(claims.audience).setExpirationTime('5m').sign(new TextEncoder().encode(secret));

function appWith(algorithms?: string[], key: string | Uint8Array = SECRET) {
  const jwt = bearer({ name: 'jwt', jwt: { key, ...claims, algorithms } });
  @Controller('/me')
  class MeController {
    @Get('')
    @Auth(jwt)
    me(@Principal() who: JwtClaims) {
      return { sub: who.sub };
    }
  }
  const app = createApplication({ controllers: [MeController], auth: { schemes: [jwt] } });
  return async (token: string) => (await app.fetch('/api/me', { headers: { authorization: `Bearer ${token}` } })).status;
}

test('HS256 named: the token passes, twice (the imported key is reused), HS512 and another secret are 401', async () => {
  const get = appWith(['HS256']);
  assert.is(await get(await sign('HS256')), 200);
  assert.is(await get(await sign('HS256')), 200);
  assert.is(await get(await sign('HS512')), 401);
  assert.is(await get(await sign('HS256', 'another-secret-of-at-least-32-bytes!!')), 401);
});

test('HS256 named: no key is imported per request', async () => {
  const get = appWith(['HS256']);
  const token = await sign('HS256');
  assert.is(await get(token), 200);
  const subtle = crypto.subtle as SubtleCrypto & { importKey: SubtleCrypto['importKey'] };
  const original = subtle.importKey;
  let imports = 0;
  subtle.importKey = function (this: SubtleCrypto, ...args: Parameters<SubtleCrypto['importKey']>) {
    imports++;
    return (original as (...a: unknown[]) => Promise<CryptoKey>).apply(this, args);
  } as SubtleCrypto['importKey'];
  try {
    for (let i = 0; i < 3; i++) assert.is(await get(token), 200);
  } finally {
    delete (subtle as { importKey?: unknown }).importKey;
    if (subtle.importKey !== original) subtle.importKey = original;
  }
  assert.is(imports, 0);
});

test('HS512 named, the secret as bytes', async () => {
  const get = appWith(['HS512'], new TextEncoder().encode(SECRET));
  assert.is(await get(await sign('HS512')), 200);
  assert.is(await get(await sign('HS256')), 401);
});

test('no algorithms: any HS algorithm with the secret passes (jose imports the bytes per token)', async () => {
  const get = appWith();
  assert.is(await get(await sign('HS256')), 200);
  assert.is(await get(await sign('HS384')), 200);
});

test('two HS algorithms: each passes (no single key to import)', async () => {
  const get = appWith(['HS256', 'HS512']);
  assert.is(await get(await sign('HS256')), 200);
  assert.is(await get(await sign('HS512')), 200);
});

test.run();
