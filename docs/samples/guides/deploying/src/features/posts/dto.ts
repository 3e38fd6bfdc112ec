// First: loads reflect-metadata before the decorators below run, in whatever order the bundler evaluates modules.
import 'next-app-controllers/dto';
import { IsString, MinLength } from 'class-validator';

export class CreatePostDto {
  @IsString()
  @MinLength(1)
  title!: string;

  @IsString()
  content!: string;
}

/** What the API sends for one post: the schema of the 200 and 201 answers. */
export class PostDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;

  @IsString()
  content!: string;
}

/** The body this controller sends with its own 404. */
export class PostNotFoundDto {
  @IsString()
  message!: string;
}
