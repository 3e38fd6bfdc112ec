import { HttpError, type Middleware } from 'next-app-controllers';

export interface User {
  id: string;
  roles: string[];
}

/** A stand-in for your JWT or session check: the user a token belongs to, or undefined. */
export async function verifyToken(token: string): Promise<User | undefined> {
  return token === 'alice-token' ? { id: 'alice', roles: ['author'] } : undefined;
}

/** Needs `Authorization: Bearer <token>`; puts the user on `context.state.user`, or answers 401. */
export const requireUser: Middleware = async (context, next) => {
  const header = context.request.headers.get('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : undefined;
  const user = token ? await verifyToken(token) : undefined;
  if (!user) {
    throw new HttpError(401, 'Sign in first', { headers: { 'www-authenticate': 'Bearer' } });
  }
  context.state.user = user;
  return next();
};
