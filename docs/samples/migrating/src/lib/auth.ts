import { UnauthorizedError, createParamDecorator, type Middleware } from 'next-app-controllers';

export interface User {
  id: string;
}

/** Your JWT or session check: the user a token belongs to, or undefined. */
export async function verifyToken(token: string): Promise<User | undefined> {
  return token === 'alice-token' ? { id: 'alice' } : undefined;
}

/** What a guard (NestJS) or a middleware decorator (next-api-decorators) did: refuse, or pass the user on. */
export const requireUser: Middleware = async (context, next) => {
  const header = context.request.headers.get('authorization') ?? '';
  const user = header.startsWith('Bearer ') ? await verifyToken(header.slice(7)) : undefined;
  if (!user) throw new UnauthorizedError('Sign in first');
  context.state.user = user;
  return next();
};

/** `@CurrentUser()`: the user `requireUser` put on the request state. */
export const CurrentUser = createParamDecorator((context) => context.state.user as User);
