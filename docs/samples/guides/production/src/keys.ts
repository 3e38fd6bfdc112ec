import { createApplication, type RouteContext } from 'next-app-controllers';
import { PostsController } from './features/posts';

// #region by-user
// An auth middleware put the user on context.state: count per user, and per address for anonymous requests (a key
// that gives undefined counts the client's address).
export const byUser = createApplication({
  controllers: [PostsController],
  rateLimit: { key: (context: RouteContext) => (context.state.user as { id: string } | undefined)?.id },
});
// #endregion by-user

// #region proxies
// Behind two proxies that each append to X-Forwarded-For (a CDN, then a load balancer): the client is the second
// entry from the end. Behind Cloudflare, its CF-Connecting-IP header names the client.
function clientBehind(hops: number) {
  return ({ request }: RouteContext) => {
    const entries = (request.headers.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim());
    return entries[entries.length - hops];
  };
}

export const behindCdn = createApplication({ controllers: [PostsController], rateLimit: { key: clientBehind(2) } });
export const behindCloudflare = createApplication({
  controllers: [PostsController],
  rateLimit: { key: ({ request }) => request.headers.get('cf-connecting-ip') ?? undefined },
});
// #endregion proxies
