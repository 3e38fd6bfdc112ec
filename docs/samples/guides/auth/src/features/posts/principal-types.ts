import { Auth, Controller, Get, Principal } from 'next-app-controllers';
import { jwt, serviceKey, type User } from '../../lib/schemes';

// #region checked
@Controller('/me')
@Auth(jwt, serviceKey)
export class MeController {
  @Get('')
  me(@Principal(jwt) user: User | undefined, @Principal(serviceKey) service: { id: string } | undefined) {
    return user ?? service; // compiles: each scheme's principal, or a wider type
  }

  @Get('/admin')
  admin(
    // @ts-expect-error … '0 & { "@Principal gives the parameter": { id: string; email: string | undefined; roles: string[]; }; }'
    @Principal(jwt) user: { isAdmin: boolean },
  ) {
    return user.isAdmin;
  }
}
// #endregion checked
