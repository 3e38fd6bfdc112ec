import { IsString, MinLength } from 'class-validator';

export class CreateNoteDto {
  @IsString()
  @MinLength(1)
  text!: string;
}

export class NoteDto {
  @IsString()
  id!: string;

  @IsString()
  text!: string;
}
