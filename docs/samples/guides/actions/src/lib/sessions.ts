import { session } from 'next-app-controllers';

declare function findSession(token: string): Promise<{ id: string; name: string } | undefined>;

/** The session cookie of your auth provider, read by every route that needs it: over HTTP and as an action. */
export const sessions = session({
  name: 'session',
  cookie: 'session_token',
  resolve: async (request) => {
    const token = /(?:^|;\s*)session_token=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
    return token ? findSession(token) : undefined;
  },
});
