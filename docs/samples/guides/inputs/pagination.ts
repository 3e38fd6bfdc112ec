import { IsOptional, IsString } from 'class-validator';
import { Controller, CursorPageQuery, Get, OffsetPageQuery, Paginated, Query } from 'next-app-controllers';

class ArticleDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;
}

interface ArticleRecord extends ArticleDto {
  authorEmail: string;
}

declare const articles: ArticleRecord[];

// #region cursor
/** `cursor` and `limit` come from CursorPageQuery; the DTO adds the route's own filters. */
class ArticlesPageQuery extends CursorPageQuery {
  @IsOptional()
  @IsString()
  tag?: string;
}

@Controller('/articles')
export class ArticlesController {
  @Get('')
  @Paginated(ArticleDto, { style: 'cursor', defaultLimit: 20, maxLimit: 100 })
  list(@Query(ArticlesPageQuery) query: ArticlesPageQuery) {
    // query.limit is a number from 1 to 100 (20 when absent); query.cursor is the string we gave as nextCursor.
    const start = query.cursor ? Number(query.cursor) : 0;
    const end = start + query.limit;
    const items = articles.slice(start, end); // authorEmail is stripped: each item is sent as an ArticleDto
    return { items, nextCursor: end < articles.length ? String(end) : null };
  }
  // #endregion cursor

  // #region offset
  @Get('/by-offset')
  @Paginated(ArticleDto, { style: 'offset' })
  byOffset(@Query(OffsetPageQuery) query: OffsetPageQuery) {
    // query.offset is a number ≥ 0 (0 when absent).
    return { items: articles.slice(query.offset, query.offset + query.limit), total: articles.length };
  }
  // #endregion offset
}
