import { createParamDecorator, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';

export interface User {
  id: string;
}

interface RequestWithUser {
  headers: Record<string, string | string[] | undefined>;
  user?: User;
}

export async function verifyToken(token: string): Promise<User | undefined> {
  return token === 'alice-token' ? { id: 'alice' } : undefined;
}

@Injectable()
export class AuthGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const header = request.headers.authorization;
    const user = typeof header === 'string' && header.startsWith('Bearer ') ? await verifyToken(header.slice(7)) : undefined;
    if (!user) throw new UnauthorizedException('Sign in first');
    request.user = user;
    return true;
  }
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<RequestWithUser>().user);
