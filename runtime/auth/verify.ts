import type { RouteContext } from '../core/context';
import { clientError } from '../errors/client-error';
import { importJose } from '../peers/jose';
import { grantsOf } from './credentials';
import { testDoubles } from './test-doubles';
import type { Authenticated } from '../metadata/principal';
import type { ApiKeyOptions, AuthScheme, JwtBearerOptions, JwtClaims, OpaqueBearerOptions, SessionOptions } from '../metadata/auth-schemes';

/** A request's authentication, with what the principal is granted. */
export interface Verification extends Authenticated {
  scopes: string[];
  roles: string[];
}

/** Verifies one scheme's credential: the principal, or undefined for an invalid credential (401); throws otherwise. */
export type Verifier = (credential: string, context: RouteContext) => Promise<Verification | undefined>;

// jose's errors that mean "this token is not valid" (401). Any other (the JWKS could not be fetched, timed out, was not
// a key set) is the issuer's outage: a 503, or every client would throw its token away.
const INVALID_TOKEN = new Set([
  'ERR_JWT_EXPIRED',
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWT_INVALID',
  'ERR_JWS_INVALID',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
]);

/** How long a JWKS fetch may take before the request is a 503. */
const JWKS_TIMEOUT = 5000;

/** The verifier of each scheme; jose is loaded (and the keys made) only when a scheme verifies JWTs. */
export async function verifiers(schemes: readonly AuthScheme[]): Promise<Map<AuthScheme, Verifier>> {
  const jwt = schemes.some((scheme) => 'jwt' in scheme.options);
  const jose = jwt ? await importJose() : undefined;
  if (jwt && !jose) throw new Error('bearer({ jwt }) verifies tokens with jose, which is not installed: npm install jose');
  const map = new Map<AuthScheme, Verifier>();
  for (const scheme of schemes) map.set(scheme, 'jwt' in scheme.options ? await jwtVerifier(scheme, jose!) : callbackVerifier(scheme));
  return map;
}

function callbackVerifier(scheme: AuthScheme): Verifier {
  const options = scheme.options as OpaqueBearerOptions<unknown> | ApiKeyOptions<unknown> | SessionOptions<unknown>;
  const check = 'resolve' in options ? (_: string, context: RouteContext) => options.resolve(context.request, context) : options.verify;
  if (typeof check !== 'function') throw new TypeError(`The scheme ${scheme.name} needs ${scheme.type === 'session' ? 'resolve(request, context)' : 'verify(credential, context)'}.`);
  return async (credential, context) => {
    // testAuth's stub credentials (never under NODE_ENV=production), then the scheme's own check.
    const stub = testDoubles()?.get(scheme)?.principals;
    const principal = stub?.has(credential) ? stub.get(credential) : await check(credential, context);
    if (principal === undefined || principal === null) return undefined;
    const { id, sub } = principal as { id?: unknown; sub?: unknown };
    const key = typeof principal === 'string' ? principal : (id ?? sub);
    return { scheme, principal, key: key === undefined ? undefined : `${scheme.name}:${String(key)}`, ...grantsOf(principal) };
  };
}

async function jwtVerifier(scheme: AuthScheme, jose: typeof import('jose')): Promise<Verifier> {
  const options = scheme.options as JwtBearerOptions<unknown>;
  const { jwks, key, issuer, audience, algorithms } = options.jwt ?? ({} as JwtBearerOptions<unknown>['jwt']);
  if ((jwks === undefined) === (key === undefined) || issuer === undefined || audience === undefined) {
    throw new TypeError(`bearer({ name: '${scheme.name}', jwt }) takes { jwks } or { key }, and the issuer and audience tokens must carry.`);
  }
  // A key set given as an object is local: nothing to fetch, so no error of it is an outage.
  const remote = jwks !== undefined && !(typeof jwks === 'object' && 'keys' in jwks);
  const verifyKey =
    jwks === undefined
      ? await keyOf(key!, algorithms, jose)
      : remote
        ? jose.createRemoteJWKSet(new URL(String(jwks)), { timeoutDuration: JWKS_TIMEOUT })
        : jose.createLocalJWKSet(jwks as Parameters<typeof jose.createLocalJWKSet>[0]);
  const claimOptions = { issuer, audience, algorithms };
  return async (token) => {
    let claims: JwtClaims;
    try {
      // A token testAuth signed (its kid) is verified with its ephemeral key: the same checks, another key.
      const double = testDoubles()?.get(scheme);
      const key = double?.key && jose.decodeProtectedHeader(token).kid === double.kid ? double.key : verifyKey;
      claims = (await jose.jwtVerify(token, key as Parameters<typeof jose.jwtVerify>[1], claimOptions)).payload as JwtClaims;
    } catch (error) {
      if (INVALID_TOKEN.has((error as { code?: string })?.code ?? '')) return undefined;
      if (!remote) throw error;
      throw clientError(503, `The keys of ${scheme.name}'s issuer could not be fetched: try again`, { cause: error, headers: { 'retry-after': '5' } });
    }
    const principal = options.principal ? options.principal(claims) : claims;
    return { scheme, principal, key: typeof claims.sub === 'string' ? `${scheme.name}:${claims.sub}` : undefined, ...grantsOf(claims) };
  };
}

async function keyOf(key: string | Uint8Array | CryptoKey, algorithms: string[] | undefined, jose: typeof import('jose')) {
  if (typeof key === 'string' && key.startsWith('-----BEGIN')) {
    if (!algorithms?.length) throw new TypeError('bearer({ jwt: { key } }) with a PEM key needs algorithms, e.g. [\'RS256\'].');
    return jose.importSPKI(key, algorithms[0]);
  }
  const secret = typeof key === 'string' ? new TextEncoder().encode(key) : key;
  // A secret for one HMAC algorithm is imported once: jose would import the bytes again on every request.
  const hmac = algorithms?.length === 1 && /^HS(256|384|512)$/.exec(algorithms[0]);
  return hmac && secret instanceof Uint8Array ? crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: `SHA-${hmac[1]}` }, false, ['verify']) : secret;
}
