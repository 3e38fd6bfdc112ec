import { IsInt, IsString } from 'class-validator';

/** Version 1's author: one `name`. */
export class AuthorV1Dto {
  @IsString()
  id!: string;

  @IsString()
  name!: string;
}

/** Version 2 splits the name: a change that would break version 1's clients, so it is a new version. */
export class AuthorV2Dto {
  @IsString()
  id!: string;

  @IsString()
  firstName!: string;

  @IsString()
  lastName!: string;
}

export class AuthorCountDto {
  @IsInt()
  count!: number;
}
