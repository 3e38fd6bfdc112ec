import { HttpError, createParamDecorator, type Middleware } from 'next-app-controllers';
import { verifyToken } from './verify-token';

export interface User { id: string; roles: string[] }

export const requireUser: Middleware = async (context, next) => {
  const header = context.request.headers.get('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : undefined;
  const user = token ? await verifyToken(token) : undefined; // your JWT or session check; undefined when invalid
  if (!user) {
    throw new HttpError(401, 'Sign in first', { headers: { 'www-authenticate': 'Bearer' } });
  }
  context.state.user = user;
  return next();
};

export const requireRole = (role: string): Middleware => (context, next) => {
  if (!(context.state.user as User).roles.includes(role)) throw new HttpError(403, `Needs the ${role} role`);
  return next();
};

export const CurrentUser = createParamDecorator((context) => context.state.user as User);
