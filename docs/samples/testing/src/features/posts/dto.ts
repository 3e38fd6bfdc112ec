import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';

/** POST: what a client sends, every field required. */
export class CreatePostDto {
  @IsString()
  @MinLength(1)
  title!: string;

  @IsString()
  content!: string;
}

/** What the API sends for one post (declared with @ApiResponse: only these fields leave the server). */
export class PostDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;

  @IsString()
  content!: string;
}

/**
 * `GET /api/posts?limit=10`. `@Type(() => Number)` says what `limit` converts to: under tsx, esbuild and Vite 7 there
 * is no `design:type` metadata to say it, and without it `limit` would stay the string '10' and fail `@IsInt()`.
 */
export class ListPostsQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}
