import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Auth, bearer, Controller, createApplication, Get, Principal, type JwtClaims } from '../../runtime/index';

// bearer({ jwt: { jwks: { keys } } }): a JSON Web Key Set given as an object (jose's createLocalJWKSet), not fetched
// from a URL: a token signed with one of its keys passes, a token of another key is a 401, never a 503.
const test = suite('auth: a local JWKS');

const claims = { issuer: 'https://issuer.test', audience: 'https://api.test' };

async function keyPair(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  return { jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }, privateKey };
}

test('a token signed with a key of the local set passes; another key is a 401, not an outage', async () => {
  const mine = await keyPair('k1');
  const other = await keyPair('k1');
  const rotated = await keyPair('k2');
  const jwt = bearer({ name: 'jwt', jwt: { jwks: { keys: [mine.jwk, rotated.jwk] }, ...claims } });
  @Controller('/me')
  class MeController {
    @Get('')
    @Auth(jwt)
    me(@Principal() who: JwtClaims) {
      return { sub: who.sub };
    }
  }
  const app = createApplication({ controllers: [MeController], auth: { schemes: [jwt] } });
  const sign = (key: { privateKey: CryptoKey }, kid: string) =>
    new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid }).setSubject('u1').setIssuer(claims.issuer).setAudience(claims.audience).setExpirationTime('5m').sign(key.privateKey);
  const get = async (token: string) => app.fetch('/api/me', { headers: { authorization: `Bearer ${token}` } });

  const ok = await get(await sign(mine, 'k1'));
  assert.is(ok.status, 200);
  assert.equal(await ok.json(), { sub: 'u1' });
  assert.is((await get(await sign(rotated, 'k2'))).status, 200, 'any key of the set');
  assert.is((await get(await sign(other, 'k1'))).status, 401, 'the same kid, another key');
  assert.is((await get(await sign(other, 'k9'))).status, 401, 'a kid the set does not have');
});

test.run();
