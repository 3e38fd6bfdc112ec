import createClient, { type Middleware } from 'openapi-fetch';
// The typed paths that `next-app-controllers generate client` writes (the Clients guide's sample has them).
import type { paths } from '../../../../clients/src/lib/api/schema';

// #region bearer
// The browser's access token: your own sign-in route's answer (kept in memory, not in localStorage), or the provider
// SDK's: Auth0's getAccessTokenSilently(), Clerk's getToken() of useAuth(), Supabase's
// (await supabase.auth.getSession()).data.session?.access_token.
declare function getAccessToken(): Promise<string | undefined>;

// openapi-fetch's middleware: every request the client sends carries the token.
const bearerToken: Middleware = {
  async onRequest({ request }) {
    const token = await getAccessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

export const api = createClient<paths>({ baseUrl: process.env.NEXT_PUBLIC_API_ORIGIN ?? '' });
api.use(bearerToken);
// #endregion bearer
