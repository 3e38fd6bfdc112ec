import 'next-app-controllers/dto';
import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { IsFile } from 'next-app-controllers';

export class Checklist {
  @IsString() @MinLength(1) name!: string;
}

export class CreateTaskDto {
  @IsString() @MinLength(3) @MaxLength(80) title!: string;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => Checklist) items?: Checklist[];
}

export class AttachmentForm {
  @IsString() @MinLength(1) label!: string;
  @IsFile({ maxSize: 500_000, mimeTypes: ['image/png', 'image/jpeg', 'application/pdf'] }) file!: File;
}
