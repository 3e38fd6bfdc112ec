import { auth } from '@clerk/nextjs/server';
import { bearer, session, type PrincipalOf } from 'next-app-controllers';

// #region scheme
export const clerkSession = session({
  name: 'clerk',
  cookie: '__session',
  // Call auth() and map it: userId is null when signed out, which must be undefined (a 401). Not auth.protect(): it
  // answers an API request without a session with a 404, not a 401. auth() reads Next's request scope and needs
  // clerkMiddleware() in src/proxy.ts; inside app.fetch in a plain test it throws: tests use testAuth(app).
  resolve: async () => {
    const { userId, orgId, orgRole } = await auth();
    return userId ? { id: userId, orgId: orgId ?? undefined, roles: orgRole ? [orgRole] : [] } : undefined;
  },
});
export type ClerkUser = PrincipalOf<typeof clerkSession>;
// #endregion scheme

// #region jwt
// Clients that are not the browser (a mobile app, another service) send Clerk's session token as a bearer token:
// verify it through your instance's JWKS, no request scope needed (the Frontend API URL is on Clerk's dashboard).
const frontendApi = process.env.CLERK_FRONTEND_API ?? 'https://clerk.example.com';
export const clerkJwt = bearer({
  name: 'clerkJwt',
  jwt: { jwks: `${frontendApi}/.well-known/jwks.json`, issuer: frontendApi, audience: process.env.CLERK_JWT_AUDIENCE ?? 'https://api.example.com' },
  principal: (claims) => ({ id: claims.sub! }),
});
// #endregion jwt
