import { IsString, MinLength } from 'class-validator';
import { CursorPageQuery } from 'next-app-controllers';

export class CreatePostDto {
  @IsString()
  @MinLength(1)
  title!: string;
}

export class PostDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;

  /** A Date in the DTO, a string in JSON: a client (and a prefetched query) gets the ISO string. */
  @IsString()
  createdAt!: string;
}

/** GET /api/posts?cursor=…&limit=…: `limit` is a number from 1 to 100 (20 when absent), `cursor` is ours. */
export class PostsPageQuery extends CursorPageQuery {}
