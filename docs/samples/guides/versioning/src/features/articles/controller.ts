import { ApiResponse, Controller, Deprecated, Get, NotFoundError, VERSION_NEUTRAL, Version, type RouteContext } from 'next-app-controllers';
import { ArticleV1Dto, ArticleV2Dto } from './dto';

const articles = [{ id: '1', author: 'Ada Lovelace' }];

// #region v2
@Version('2')
@Controller('/articles')
export class ArticlesV2Controller {
  @Get('')
  @ApiResponse({ status: 200, type: ArticleV2Dto, isArray: true })
  list() {
    return articles.map(({ id, author }) => ({ id, author: { name: author } }));
  }

  // One route, two versions: GET /api/v1/articles/count and /api/v2/articles/count.
  @Get('/count')
  @Version(['1', '2'])
  count() {
    return { count: articles.length };
  }
}
// #endregion v2

// #region v1
@Version('1')
@Deprecated({ since: '2026-01-01', sunset: '2027-06-30T23:59:59Z', link: 'https://example.com/docs/articles-v2' })
@Controller('/articles')
export class ArticlesV1Controller {
  @Get('')
  @ApiResponse({ status: 200, type: ArticleV1Dto, isArray: true })
  list() {
    return articles;
  }

  @Get('/:id')
  @ApiResponse({ status: 200, type: ArticleV1Dto })
  findOne(context: RouteContext) {
    const article = articles.find((each) => each.id === context.params.id);
    // Its 404 carries the deprecation headers too: every answer of a deprecated route does.
    if (!article) throw new NotFoundError(`Article ${context.params.id} not found`);
    return article;
  }
}
// #endregion v1

// #region neutral
@Controller('/health')
export class HealthController {
  // Every version shares it: GET /api/health, whatever the version.
  @Get('')
  @Version(VERSION_NEUTRAL)
  health() {
    return { status: 'ok' };
  }
}
// #endregion neutral
