// Run by forms.test.ts in a process of its own: the first IsFile rule of the process is declared after a document
// has loaded the schema tools (a controller module imported lazily), and must still be documented as a file.
// Decorators are called as functions, so the file needs no decorator compilation.
import { IsString } from 'class-validator';
import { Controller, Form, IsFile, Post, createApplication, generateOpenApiDocument } from '../../runtime/index';

function formApplication(name: string, dto: Function) {
  const controller = class {
    create(form: object) {
      return form;
    }
  };
  Object.defineProperty(controller, 'name', { value: `${name}Controller` });
  Post('')(controller.prototype, 'create', Object.getOwnPropertyDescriptor(controller.prototype, 'create')!);
  Form(dto as new () => object)(controller.prototype, 'create', 0);
  Controller(`/${name.toLowerCase()}`)(controller);
  return createApplication({ controllers: [controller] });
}

class NoteForm {}
IsString()(NoteForm.prototype, 'text');
await generateOpenApiDocument({ title: 'first', applications: [formApplication('Notes', NoteForm)] });

class LateForm {}
IsFile({ mimeTypes: ['image/png'] })(LateForm.prototype, 'document');
const late = await generateOpenApiDocument({ title: 'late', applications: [formApplication('Uploads', LateForm)] });
process.stdout.write(JSON.stringify(late.components.schemas.LateForm));
