import 'next-app-controllers/dto';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** POST /api/notes, and the notes page's form through its Server Action (src/features/notes/actions.ts). */
export class CreateNoteDto {
  @IsString()
  @MinLength(3)
  @MaxLength(80)
  title!: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  body?: string;
}

export class NoteDto {
  @IsString() id!: string;
  @IsString() title!: string;
  @IsString() body!: string;
}
