// Run by body.test.ts in a process of its own (in the test process the validation code is loaded already): an
// application with a @Body route is created, left idle as a server is between its start and its first POST, then
// asked once. Prints whether that first request waited for I/O (a module to load) before it answered.
import { IsString } from 'class-validator';
import { Body, Controller, createApplication, Post } from '../../runtime/index';

class NoteDto {}
IsString()(NoteDto.prototype, 'text');
class NotesController {
  create(note: NoteDto) {
    return { text: (note as { text: string }).text };
  }
}
Post('')(NotesController.prototype, 'create', Object.getOwnPropertyDescriptor(NotesController.prototype, 'create')!);
Body(NoteDto)(NotesController.prototype, 'create', 0);
Controller('/notes')(NotesController);

const app = createApplication({ controllers: [NotesController] });
await new Promise((resolve) => setTimeout(resolve, Number(process.argv[2] ?? 1500)));
let waitedForIo = false;
setImmediate(() => (waitedForIo = true));
const response = await app.handle(
  new Request('http://localhost/api/notes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' }),
);
process.stdout.write(JSON.stringify({ status: response.status, waitedForIo }));
