import type { Application } from './application';
import type { ApiKeyOptions, AuthScheme, JwtBearerOptions, JwtClaims, SessionOptions } from './metadata/auth-schemes';
import { testDoubles, type TestDouble } from './auth/test-doubles';
import { importJose } from './peers/jose';
import { AsyncLocalStorage } from 'node:async_hooks';

/** What {@link testAuth} gives: credentials that pass an application's schemes in this process. */
export interface TestAuth {
  /**
   * Headers that authenticate as `principal` through `scheme`: for a `bearer({ jwt })` scheme, `principal` is the
   * claims of a token signed with an ephemeral key, which the scheme's real verification accepts (issuer, audience,
   * expiry and algorithms checked as always); for `bearer({ verify })`, `apiKey` and `session`, `principal` is what the
   * stubbed `verify`/`resolve` answers for the credential made here (their own function is not called for it).
   */
  headers(scheme: AuthScheme<any>, principal?: JwtClaims | object): Promise<Record<string, string>>;
  /** The credential alone (a token, a key, a session cookie's value), e.g. for an `apiKey({ query })` scheme. */
  credential(scheme: AuthScheme<any>, principal?: JwtClaims | object): Promise<string>;
}

/**
 * Credentials for the tests of an application's authenticated routes, in this process (`app.fetch`): Auth.js's and
 * Clerk's `auth()` read Next's request scope and throw in a plain test, so the scheme's verification is what is
 * replaced, not the provider. Refuses to work when NODE_ENV is `production`, and the dispatcher ignores it there.
 */
export function testAuth(app: Pick<Application, 'auth'>): TestAuth {
  const doubles = testDoubles(true);
  if (!doubles) throw new Error('testAuth() does not run with NODE_ENV=production: it makes credentials your schemes accept.');
  const schemes = app?.auth?.schemes ?? [];
  const doubleOf = (scheme: AuthScheme): TestDouble => {
    if (!schemes.includes(scheme)) throw new TypeError(`testAuth: the scheme ${scheme?.name} is not in this application's auth.schemes.`);
    let double = doubles.get(scheme);
    if (!double) doubles.set(scheme, (double = { principals: new Map() }));
    return double;
  };
  const credential = async (scheme: AuthScheme, principal: object = { sub: 'test-user' }) => {
    const double = doubleOf(scheme);
    if (!('jwt' in scheme.options)) {
      const value = `test-${crypto.randomUUID()}`;
      double.principals.set(value, principal);
      return value;
    }
    const jose = await importJose();
    if (!jose) throw new Error('testAuth signs JWTs with jose, which is not installed: npm install -D jose');
    const { issuer, audience, algorithms } = (scheme.options as JwtBearerOptions<unknown>).jwt;
    const alg = algorithms?.[0] ?? 'ES256';
    if (!double.key) {
      double.kid = `next-app-controllers-test-${crypto.randomUUID()}`;
      if (alg.startsWith('HS')) {
        double.key = (await jose.generateSecret(alg)) as Uint8Array;
        signing.set(double, double.key);
      } else {
        const pair = await jose.generateKeyPair(alg);
        double.key = pair.publicKey;
        signing.set(double, pair.privateKey);
      }
    }
    return new jose.SignJWT({ ...principal } as JwtClaims)
      .setProtectedHeader({ alg, kid: double.kid })
      .setIssuer(Array.isArray(issuer) ? issuer[0] : issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(signing.get(double)!);
  };
  return {
    credential,
    async headers(scheme, principal): Promise<Record<string, string>> {
      const value = await credential(scheme, principal);
      if (scheme.type === 'bearer') return { authorization: `${(scheme.options as JwtBearerOptions<unknown>).prefix ?? 'Bearer'} ${value}` };
      if (scheme.type === 'session') return { cookie: `${(scheme.options as SessionOptions<unknown>).cookie}=${value}` };
      const { header, cookie } = scheme.options as ApiKeyOptions<unknown>;
      if (header) return { [header.toLowerCase()]: value };
      if (cookie) return { cookie: `${cookie}=${value}` };
      throw new TypeError(`testAuth: ${scheme.name} takes its key in the query: add ?…=\${await auth.credential(${scheme.name})} to the URL.`);
    },
  };
}

const signing = new WeakMap<TestDouble, CryptoKey | Uint8Array>();

// Read by the actions entry (actions/request.ts) under the same registered symbol: this entry and that one share no module.
const ACTION_SCOPE = Symbol.for('next-app-controllers.actionScope');

/**
 * Runs `call` with `request` as the request Server Actions (`next-app-controllers/actions`) read instead of
 * `next/headers`, which exists only while Next.js answers a request: its headers and cookies (e.g. `testAuth`'s), and
 * its host for the route's URL. `await runAction(new Request('http://localhost/', { headers }), () => createTask({ title }))`.
 */
export function runAction<T>(request: Request, call: () => T): T {
  if (!(request instanceof Request)) throw new TypeError('runAction(request, call): request must be a Request, e.g. new Request(\'http://localhost/\', { headers }).');
  if (typeof call !== 'function') throw new TypeError('runAction(request, call): call must be a function that calls the action, e.g. () => createTask({ title }).');
  const scope = globalThis as { [ACTION_SCOPE]?: AsyncLocalStorage<Request> };
  return (scope[ACTION_SCOPE] ??= new AsyncLocalStorage<Request>()).run(request, call);
}
