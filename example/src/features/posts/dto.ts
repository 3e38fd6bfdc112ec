import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, MinLength, ValidateNested } from 'class-validator';

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
