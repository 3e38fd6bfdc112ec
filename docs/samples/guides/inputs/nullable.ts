import { Body, Controller, Patch } from 'next-app-controllers';
// #region dto
import { IsOptional, IsString, IsUrl } from 'class-validator';
import { Nullable } from 'next-app-controllers';

class UpdateProfileDto {
  @Nullable() @IsString() bio!: string | null; // required: send a string or null
  @Nullable() @IsOptional() @IsUrl() image?: string | null; // may be left out, or null (class-validator's @IsOptional)
  @IsOptional() @IsString() username?: string; // may be left out; null is a 422 naming @Nullable()
}
// #endregion dto

@Controller('/profile')
export class ProfileController {
  @Patch('')
  update(@Body(UpdateProfileDto) changes: UpdateProfileDto) {
    return changes;
  }
}
