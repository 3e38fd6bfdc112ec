import { Exclude, Type } from 'class-transformer';
import { CursorPageQuery, OffsetPageQuery } from 'next-app-controllers';
import { IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';

export class TagDto {
  @IsString()
  @MinLength(1)
  name!: string;
}

export class CreatePostDto {
  @IsString()
  @MinLength(1)
  title!: string;

  @IsString()
  content!: string;

  // An array of nested DTOs: each item is validated as a TagDto (errors come back as `tags.0.name`).
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TagDto)
  tags?: TagDto[];
}

/** PATCH: every field optional, the same rules when present. */
export class UpdatePostDto {
  @IsOptional()
  @IsString()
  @MinLength(1)
  title?: string;

  @IsOptional()
  @IsString()
  content?: string;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TagDto)
  tags?: TagDto[];
}

/** The body of this controller's own 404 answer, `{ message }`, documented with @ApiResponse({ status: 404, type }). */
export class PostNotFoundDto {
  @IsString()
  message!: string;
}

/**
 * A post as the API answers it, declared with @ApiResponse({ type: PostDto }): handlers return the stored records and
 * the response contract sends exactly these fields (README "Responses"). `@Exclude()` fields are never sent either.
 */
export class PostDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;

  @IsString()
  content!: string;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TagDto)
  tags!: TagDto[];

  /** Who last changed the post: kept on the server, never sent. */
  @Exclude()
  changedBy?: string;
}

/** GET /api/posts/tags/:tag: the tag and its posts, each sent as a PostDto. */
export class TaggedPostsDto {
  @IsString()
  tag!: string;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => PostDto)
  posts!: PostDto[];
}

/**
 * GET /api/posts?limit=20&offset=0&tag=dto. The query values are strings: each is converted to its declared type
 * (`design:type`, which this app emits; `@Type(() => Number)` says the same where there is no decorator metadata).
 */
export class ListPostsQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;

  @IsOptional()
  @IsString()
  @MinLength(1)
  tag?: string;
}

/** GET /api/posts/feed (`@Paginated`, cursor): `cursor` and `limit` from CursorPageQuery, read as given and as a number. */
export class PostsFeedQuery extends CursorPageQuery {}

/** GET /api/posts/pages (`@Paginated`, offset): `offset` and `limit` from OffsetPageQuery, plus the list's own filter. */
export class PostsPagesQuery extends OffsetPageQuery {
  @IsOptional()
  @IsString()
  @MinLength(1)
  tag?: string;
}

/** The `:tag` segment of GET /api/posts/tags/:tag, percent-decoded. */
export class TagParams {
  @IsString()
  @MinLength(1)
  @MaxLength(40)
  tag!: string;
}
