import type { User } from './auth';

/**
 * Stands for your JWT or session check (jose's jwtVerify, your auth provider's SDK, a session lookup): the user the
 * token belongs to, or undefined when it is invalid.
 */
export async function verifyToken(token: string): Promise<User | undefined> {
  return token === 'admin-token' ? { id: '1', roles: ['admin'] } : token === 'user-token' ? { id: '2', roles: [] } : undefined;
}
