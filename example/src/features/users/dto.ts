import { Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsFile } from 'next-app-controllers';

/** The largest avatar PUT /api/users/:id/avatar takes: 1 MB, under the application's 1 MiB body limit with the form around it. */
export const AVATAR_MAX_BYTES = 1_000_000;

/**
 * POST /api/users: a plain HTML form (`application/x-www-form-urlencoded`) or multipart. The values arrive as strings
 * and are converted like query values; `@Type` says the type where there is no decorator metadata (tsx, esbuild).
 */
export class SignUpForm {
  @IsString()
  @MinLength(1)
  @MaxLength(60)
  name!: string;

  @IsEmail()
  email!: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(13)
  @Max(130)
  age?: number;

  /** A checkbox: `true`/`false` (or `1`/`0`). */
  @IsOptional()
  @Type(() => Boolean)
  @IsBoolean()
  newsletter?: boolean;
}

/** PUT /api/users/:id/avatar: one PNG or JPEG file part named `avatar`, at most 1 MB. */
export class AvatarForm {
  @IsFile({ maxSize: AVATAR_MAX_BYTES, mimeTypes: ['image/png', 'image/jpeg'] })
  avatar!: File;
}

export class AvatarDto {
  @IsString()
  name!: string;

  @IsString()
  type!: string;

  @IsInt()
  size!: number;
}

export class UserDto {
  @IsString()
  id!: string;

  @IsString()
  name!: string;

  @IsString()
  email!: string;

  @IsOptional()
  @IsInt()
  age?: number;

  @IsBoolean()
  newsletter!: boolean;

  @IsOptional()
  @Type(() => AvatarDto)
  avatar?: AvatarDto;
}
