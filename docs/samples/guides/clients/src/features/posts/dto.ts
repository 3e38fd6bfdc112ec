// First: loads reflect-metadata before the decorators below run, in whatever order the bundler evaluates modules.
import 'next-app-controllers/dto';
import { IsOptional, IsString, MinLength } from 'class-validator';

/** POST and PUT: every field required. */
export class CreatePostDto {
  @IsString()
  @MinLength(1)
  title!: string;

  @IsString()
  content!: string;
}

/**
 * What the API sends for one record. The routes declare it with @ApiResponse: the OpenAPI document shows these fields,
 * and only these are sent.
 */
export class PostDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;

  @IsString()
  content!: string;
}

/** PATCH: every field optional; a field that is sent must be valid. */
export class UpdatePostDto {
  @IsOptional()
  @IsString()
  @MinLength(1)
  title?: string;

  @IsOptional()
  @IsString()
  content?: string;
}
