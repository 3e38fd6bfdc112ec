import { createServerClient, parseCookieHeader } from '@supabase/ssr';
import { session, type PrincipalOf } from 'next-app-controllers';

const url = process.env.NEXT_PUBLIC_SUPABASE_URL!;
const publishableKey = process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!;
// The cookie is named after the project: https://<ref>.supabase.co gives sb-<ref>-auth-token.
const projectRef = new URL(url ?? 'https://project.supabase.co').hostname.split('.')[0];

// #region scheme
export const supabaseSession = session({
  name: 'supabase',
  // A large session is split into sb-<ref>-auth-token.0, .1…: the scheme is tried on those too.
  cookie: `sb-${projectRef}-auth-token`,
  resolve: async (request) => {
    // A client per request, reading the request's cookies. It never sets cookies here: refreshing the session is the
    // job of your proxy.ts (Supabase's updateSession), not of an API route.
    const supabase = createServerClient(url, publishableKey, {
      cookies: { getAll: () => parseCookieHeader(request.headers.get('cookie') ?? '').map(({ name, value }) => ({ name, value: value ?? '' })), setAll: () => {} },
    });
    // getClaims() verifies the token (against the project's JWKS, or with the Auth server). Never getSession() on a
    // server: it returns what the cookie says without checking it.
    const { data, error } = await supabase.auth.getClaims();
    if (error || !data) return undefined;
    const { sub, email, role } = data.claims;
    return { id: sub, email, roles: role ? [role] : [] };
  },
});
export type SupabaseUser = PrincipalOf<typeof supabaseSession>;
// #endregion scheme
