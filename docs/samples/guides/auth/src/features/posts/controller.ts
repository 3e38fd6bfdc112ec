import { Auth, Controller, Delete, Get, Post, Principal, Public } from 'next-app-controllers';
import { cookieSession, jwt, serviceKey, type User } from '../../lib/schemes';

// #region controller
@Controller('/posts')
@Auth(jwt, cookieSession)
export class PostsController {
  @Get('')
  @Public()
  list() {
    return [];
  }

  @Get('/mine')
  mine(@Principal() who: User | { id: string }) {
    return { owner: who.id };
  }

  @Post('')
  @Auth(jwt, { scopes: ['posts:write'] })
  create(@Principal(jwt) user: User) {
    return { id: '1', author: user.id };
  }

  @Delete('/:id')
  @Auth(jwt, serviceKey, { roles: ['admin', 'service'] })
  remove(@Principal() who: { id: string }) {
    return { deletedBy: who.id };
  }
}
// #endregion controller
