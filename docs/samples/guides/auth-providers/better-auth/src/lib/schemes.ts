import { session, type PrincipalOf } from 'next-app-controllers';
import { auth } from './auth';

// #region scheme
export const betterAuthSession = session({
  name: 'session',
  // The scheme is tried when this cookie is there. Over HTTPS Better Auth names it `__Secure-better-auth.session_token`:
  // the scheme reads that one too.
  cookie: 'better-auth.session_token',
  // Better Auth reads the cookie (and refreshes the session) from the request's headers: no Next request scope needed,
  // so app.fetch in a test reaches it too. No session: null, mapped to undefined (401).
  resolve: async (request) => {
    const found = await auth.api.getSession({ headers: request.headers });
    return found ? { id: found.user.id, email: found.user.email, name: found.user.name } : undefined;
  },
});
export type SessionUser = PrincipalOf<typeof betterAuthSession>;
// #endregion scheme
