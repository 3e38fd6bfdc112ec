// Run by form.test.ts in a process of its own: the first IsFile rule of the process is declared after a form request
// has loaded the validators and the form code (a controller module imported lazily), and must still apply to its
// first request.
import { IsString } from 'class-validator';
import { IsFile } from '../../runtime/index';
import { formApplication } from '../fixtures/form-application';

class NoteBody {}
IsString()(NoteBody.prototype, 'text');
const notes = formApplication('notes', NoteBody);
const first = await notes.handle(new Request('http://localhost/api/notes', { method: 'POST', body: new URLSearchParams({ text: 'x' }) }));
if (first.status !== 200) throw new Error(`the first form request answered ${first.status}`);

class LateForm {}
IsFile({ mimeTypes: ['image/png'] })(LateForm.prototype, 'document');
const uploads = formApplication('uploads', LateForm);
const form = new FormData();
form.set('document', new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
const response = await uploads.handle(new Request('http://localhost/api/uploads', { method: 'POST', body: form }));
const { errors } = (await response.json()) as { errors?: unknown };
process.stdout.write(JSON.stringify({ status: response.status, errors }));
