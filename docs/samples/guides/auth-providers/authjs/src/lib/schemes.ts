import { session, type PrincipalOf } from 'next-app-controllers';
import { auth } from '../auth';

// #region scheme
export const authjsSession = session({
  name: 'session',
  // Over HTTPS the cookie is `__Secure-authjs.session-token` (and a large session is split into `.0`, `.1`…): the
  // scheme reads those names too.
  cookie: 'authjs.session-token',
  // auth() reads Next's request scope (cookies() of next/headers), not the Request: it works in the route handlers Next
  // runs, and throws inside app.fetch in a plain test, which is why tests use testAuth(app) (it stands in for the
  // scheme, not for Auth.js). No session: null, mapped to undefined (401).
  resolve: async () => {
    const found = await auth();
    const user = found?.user;
    return user?.id ? { id: user.id, email: user.email ?? undefined, name: user.name ?? undefined } : undefined;
  },
});
export type SessionUser = PrincipalOf<typeof authjsSession>;
// #endregion scheme
