import type { NextApiRequest, NextApiResponse } from 'next';
import { createMiddlewareDecorator, createParamDecorator, UnauthorizedException, type NextFunction } from 'next-api-decorators';

export interface User {
  id: string;
}

type RequestWithUser = NextApiRequest & { user?: User };

export async function verifyToken(token: string): Promise<User | undefined> {
  return token === 'alice-token' ? { id: 'alice' } : undefined;
}

export const RequireUser = createMiddlewareDecorator(async (req: RequestWithUser, _res: NextApiResponse, next: NextFunction) => {
  const header = req.headers.authorization ?? '';
  const user = header.startsWith('Bearer ') ? await verifyToken(header.slice(7)) : undefined;
  if (!user) return next(new UnauthorizedException('Sign in first'));
  req.user = user;
  next();
});

export const CurrentUser = createParamDecorator<User | undefined>((req) => (req as RequestWithUser).user);
