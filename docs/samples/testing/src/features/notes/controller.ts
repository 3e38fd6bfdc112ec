import { ApiResponse, ApiTags, Body, Controller, Get, HttpCode, Post } from 'next-app-controllers';
import { CreateNoteDto, NoteDto } from './dto';

interface NoteRecord {
  id: string;
  text: string;
}

/** Keeps its records in the instance, as the controllers `generate controller` writes do. */
@ApiTags('Notes')
@Controller('/notes')
export class NotesController {
  private readonly items: NoteRecord[] = [];

  @Get('')
  @ApiResponse({ status: 200, type: NoteDto, isArray: true })
  list() {
    return this.items;
  }

  @Post('')
  @HttpCode(201)
  @ApiResponse({ status: 201, type: NoteDto })
  create(@Body(CreateNoteDto) body: CreateNoteDto) {
    const note: NoteRecord = { id: String(this.items.length + 1), text: body.text };
    this.items.push(note);
    return note;
  }
}
