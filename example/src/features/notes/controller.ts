import { ApiOperation, ApiResponse, ApiTags, Body, Controller, Get, Post } from 'next-app-controllers';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { MemoryStore, sharedStore } from '@/lib/memory-store';
import { CreateNoteDto, NoteDto } from './dto';

export interface NoteRecord {
  id: string;
  title: string;
  body: string;
}

export const notes = sharedStore('notes', () => new MemoryStore<NoteRecord>([{ title: 'One declaration', body: 'The route is also the form’s Server Action.' }]));

// The notes page (src/app/notes) creates notes with a form bound to `create` as a Server Action (./actions.ts): the
// same validation, the same 422 field paths, and the handler's redirect() followed, with or without JavaScript.
@ApiTags('notes')
@Controller('/notes')
export class NotesController {
  @Get('')
  @ApiOperation({ summary: 'List notes' })
  @ApiResponse({ status: 200, type: NoteDto, isArray: true })
  list() {
    return notes.list();
  }

  @Post('')
  @ApiOperation({ summary: 'Create a note, then go to the notes page' })
  @ApiResponse({ status: 307, description: 'Created: redirects to /notes?created=<id> (a Server Action follows it)' })
  create(@Body(CreateNoteDto) body: CreateNoteDto) {
    const note = notes.insert({ title: body.title, body: body.body ?? '' });
    revalidatePath('/notes');
    redirect(`/notes?created=${note.id}`);
  }
}
