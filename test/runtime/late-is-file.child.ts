// Run by form.test.ts in a process of its own: the first IsFile rule of the process is declared after a form request
// has loaded the validators and the form code (a controller module imported lazily), and must still apply to its
// first request.
// Decorators are called as functions, so the file needs no decorator compilation.
import { IsString } from 'class-validator';
import { Controller, Form, IsFile, Post, createApplication } from '../../runtime/index';

class NoteBody {}
IsString()(NoteBody.prototype, 'text');
class NotesController {
  create(body: NoteBody) {
    return body;
  }
}
Post('')(NotesController.prototype, 'create', Object.getOwnPropertyDescriptor(NotesController.prototype, 'create')!);
Form(NoteBody)(NotesController.prototype, 'create', 0);
Controller('/notes')(NotesController);
const notes = createApplication({ controllers: [NotesController] });
const first = await notes.handle(new Request('http://localhost/api/notes', { method: 'POST', body: new URLSearchParams({ text: 'x' }) }));
if (first.status !== 200) throw new Error(`the first form request answered ${first.status}`);

class LateForm {}
IsFile({ mimeTypes: ['image/png'] })(LateForm.prototype, 'document');
class UploadsController {
  upload(form: LateForm) {
    return form;
  }
}
Post('')(UploadsController.prototype, 'upload', Object.getOwnPropertyDescriptor(UploadsController.prototype, 'upload')!);
Form(LateForm)(UploadsController.prototype, 'upload', 0);
Controller('/uploads')(UploadsController);
const uploads = createApplication({ controllers: [UploadsController] });
const form = new FormData();
form.set('document', new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
const response = await uploads.handle(new Request('http://localhost/api/uploads', { method: 'POST', body: form }));
const { errors } = (await response.json()) as { errors?: unknown };
process.stdout.write(JSON.stringify({ status: response.status, errors }));
