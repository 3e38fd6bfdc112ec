import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { Controller, Get, Headers, Params, Query, createParamDecorator, UnauthorizedError } from 'next-app-controllers';

interface User {
  id: string;
  name: string;
}

class ListArticlesQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) offset?: number;
  @IsOptional() @IsString() tag?: string;
}

class CommentParams {
  @IsString() slug!: string;
  @Type(() => Number) @IsInt() @Min(1) id!: number;
}

class ClientHeaders {
  @IsString() 'x-api-key'!: string; // header names, matched case-insensitively
}

// `context.state.user` was set by an authentication middleware; a throw answers like a throw in the handler.
export const CurrentUser = createParamDecorator((context) => {
  if (!context.state.user) throw new UnauthorizedError();
  return context.state.user as User;
});

@Controller('/articles')
export class ArticlesController {
  @Get('')
  list(@Query(ListArticlesQuery) query: ListArticlesQuery) {} // GET /api/articles?limit=20&offset=0&tag=dragons

  @Get('/:slug/comments/:id')
  comment(@Params(CommentParams) params: CommentParams, @CurrentUser() user: User, @Headers(ClientHeaders) headers: ClientHeaders) {}
}
