import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';

/** Unchanged from next-api-decorators or NestJS: class-validator DTOs move as they are. */
export class CreatePostDto {
  @IsString()
  @MinLength(1)
  title!: string;

  @IsString()
  content!: string;
}

/** What the API sends for one post; declared with @ApiResponse, so only these fields are sent. */
export class PostDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;

  @IsString()
  content!: string;

  @IsString()
  authorId!: string;
}

/** `?limit=`: what ParseIntPipe / ParseNumberPipe and a default value did, as a DTO. */
export class ListPostsQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number = 20;
}
