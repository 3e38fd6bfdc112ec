import { Exclude, Expose, Transform } from 'class-transformer';
import { Controller, Get, type RouteContext } from 'next-app-controllers';

// #region entity
export class UserEntity {
  id!: string;
  email!: string;
  @Exclude() passwordHash!: string; // never sent
  @Transform(({ value }) => (value as Date).toISOString().slice(0, 10)) joined!: Date;
  @Expose() get displayName() { return this.email.split('@')[0]; } // getters are sent only with @Expose
}

@Controller('/users')
export class UsersController {
  @Get('/me')
  me(context: RouteContext) {
    return Object.assign(new UserEntity(), context.state.user); // or plainToInstance(UserEntity, row)
  }
}
// #endregion entity
