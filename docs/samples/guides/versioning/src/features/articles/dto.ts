import { IsString } from 'class-validator';

export class ArticleV1Dto {
  @IsString()
  id!: string;

  @IsString()
  author!: string;
}

// Version 2 sends the author as an object: version 1's clients would break on it, so it is a new version.
export class AuthorDto {
  @IsString()
  name!: string;
}

export class ArticleV2Dto {
  @IsString()
  id!: string;

  author!: AuthorDto;
}
