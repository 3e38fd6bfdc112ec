import { ApiResponse, ApiSecurity, Controller, Delete, Get, HttpCode, Use, type RouteContext } from 'next-app-controllers';
import { CurrentUser, requireRole, requireUser, type User } from '../../lib/auth';

interface Article {
  id: string;
  authorId: string;
  title: string;
}

const articles = {
  items: [{ id: '1', authorId: '2', title: 'Hello' }] as Article[],
  byAuthor(authorId: string) {
    return this.items.filter((article) => article.authorId === authorId);
  },
  remove(id: string) {
    this.items = this.items.filter((article) => article.id !== id);
  },
};

// #region controller
@Controller('/articles')
@Use(requireUser)
@ApiSecurity('bearer')
@ApiResponse({ status: 401, description: 'No valid bearer token' })
export class ArticlesController {
  @Get('/mine')
  mine(@CurrentUser() user: User) {
    return articles.byAuthor(user.id);
  }

  @Delete('/:id')
  @HttpCode(204)
  @Use(requireRole('admin'))
  @ApiResponse({ status: 403, description: 'Not an admin' })
  remove(context: RouteContext) {
    articles.remove(context.params.id);
  }
}
// #endregion controller
