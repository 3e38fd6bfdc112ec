// Run by forms.test.ts in a process of its own: the first IsFile rule of the process is declared after a document
// has loaded the schema tools (a controller module imported lazily), and must still be documented as a file.
import { IsString } from 'class-validator';
import { IsFile, generateOpenApiDocument } from '../../runtime/index';
import { formApplication } from '../fixtures/form-application';

class NoteForm {}
IsString()(NoteForm.prototype, 'text');
await generateOpenApiDocument({ title: 'first', applications: [formApplication('notes', NoteForm)] });

class LateForm {}
IsFile({ mimeTypes: ['image/png'] })(LateForm.prototype, 'document');
const late = await generateOpenApiDocument({ title: 'late', applications: [formApplication('uploads', LateForm)] });
process.stdout.write(JSON.stringify(late.components.schemas.LateForm));
