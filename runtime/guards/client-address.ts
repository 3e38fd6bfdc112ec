import type { RouteContext } from '../core/context';

/**
 * The default rate-limit key: the client's address as the nearest hop saw it, the last entry of `X-Forwarded-For`.
 * Next.js gives a route handler no socket: its server writes the socket's address into `X-Forwarded-For` when the
 * request came without one, and keeps what came otherwise. Behind one proxy that appends the address it saw (nginx's
 * `$proxy_add_x_forwarded_for`, every load balancer), the last entry is that proxy's view of the client, which the
 * client cannot forge. Exposed directly, a client can send its own header: put a proxy in front, or key by user.
 * Without the header (a request made in-process) the key is `unknown`: one count for all of them.
 */
export function clientAddress({ request }: RouteContext): string {
  const forwarded = request.headers.get('x-forwarded-for');
  if (forwarded === null) return 'unknown';
  return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() || 'unknown';
}
