import { apiKey, bearer, session, type PrincipalOf } from 'next-app-controllers';
import { timingSafeEqual } from 'next-app-controllers/proxy';

// #region oidc
// Any OIDC provider (Auth0, Keycloak, Entra ID, Cognito, Clerk's JWTs…): its JWKS, issuer and audience.
export const jwt = bearer({
  name: 'jwt',
  jwt: {
    jwks: 'https://login.example.com/.well-known/jwks.json',
    issuer: 'https://login.example.com/',
    audience: 'https://api.example.com',
  },
  principal: (claims) => ({ id: claims.sub!, email: claims.email as string | undefined, roles: claims.roles ?? [] }),
  scopes: { 'posts:write': 'Create and edit posts', 'posts:delete': 'Delete posts' },
});
export type User = PrincipalOf<typeof jwt>;
// #endregion oidc

// #region local-jwks
// Tokens your app signs itself: the public keys as a JWKS object, used as they are (nothing fetched). Here from the
// environment: JWT_PUBLIC_JWKS='{"keys":[{"kty":"EC","crv":"P-256","kid":"2026-01","alg":"ES256","x":"…","y":"…"}]}'.
export const appToken = bearer({
  name: 'appToken',
  jwt: {
    jwks: JSON.parse(process.env.JWT_PUBLIC_JWKS!) as { keys: object[] },
    issuer: 'https://app.example.com',
    audience: 'https://app.example.com/api',
  },
});
// #endregion local-jwks

// #region api-key
const keys = new Map([['k_live_123', { id: 'reporting-service', roles: ['service'] }]]);
export const serviceKey = apiKey({
  name: 'serviceKey',
  header: 'X-API-Key',
  // Look the key up by a hash in your database; here a Map. Undefined: 401.
  verify: (key) => keys.get(key),
});

// One key from the environment: compare it in constant time, so answer times tell nothing about how much of it matched.
export const adminKey = apiKey({
  name: 'adminKey',
  header: 'X-Admin-Key',
  verify: (key) => (timingSafeEqual(key, process.env.ADMIN_KEY ?? '') && key !== '' ? { id: 'admin', roles: ['admin'] } : undefined),
});
// #endregion api-key

// #region session
// A cookie session from any provider. With Better Auth: `resolve: async (request) => (await
// auth.api.getSession({ headers: request.headers }))?.user`. Supabase: `getClaims()`, never `getSession()` on a server.
interface SessionUser { id: string; name: string }
declare function getSessionUser(headers: Headers): Promise<SessionUser | null>;
export const cookieSession = session({
  name: 'session',
  cookie: 'better-auth.session_token',
  resolve: async (request) => (await getSessionUser(request.headers)) ?? undefined,
});
// #endregion session
