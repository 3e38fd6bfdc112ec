import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Form, IsFile, Params, Post, Put, createApplication, generateOpenApiDocument } from '../../runtime/index';

class UploadForm {
  @IsFile({ maxSize: 1024, mimeTypes: ['image/png'] }) avatar!: File;
  @IsOptional() @IsFile({}, { each: true }) attachments?: File[];
  @IsOptional() @IsString() caption?: string;
}

class ContactForm {
  @IsString() email!: string;
  @Type(() => Number) @IsInt() priority!: number;
}

class UploadParams {
  @IsString() id!: string;
}

@Controller('/uploads')
class UploadsController {
  @Put('/:id')
  upload(@Params(UploadParams) _params: UploadParams, @Form(UploadForm) _form: UploadForm) {}

  @Post('/contact')
  contact(@Form(ContactForm) _form: ContactForm) {}
}

const app = createApplication({ controllers: [UploadsController] });
const document = () => generateOpenApiDocument({ title: 'forms', applications: [app] });

const forms = suite('OpenAPI request bodies of @Form DTOs');

forms('a @Form route takes multipart/form-data and application/x-www-form-urlencoded, both with the DTO schema', async () => {
  const operation = (await document()).paths['/api/uploads/contact'].post!;
  const schema = { $ref: '#/components/schemas/ContactForm' };
  assert.equal(operation.requestBody, {
    required: true,
    content: { 'multipart/form-data': { schema }, 'application/x-www-form-urlencoded': { schema } },
  });
});

forms('a File property is a binary string, a File[] an array of them; required unless @IsOptional', async () => {
  const { components } = await document();
  assert.equal(components.schemas.UploadForm, {
    type: 'object',
    properties: {
      avatar: { type: 'string', format: 'binary' },
      attachments: { type: 'array', items: { type: 'string', format: 'binary' } },
      caption: { type: 'string' },
    },
    required: ['avatar'],
  });
});

forms('a @Form route documents the 400, 413, 415 and 422 it answers, beside its path parameters', async () => {
  const operation = (await document()).paths['/api/uploads/{id}'].put!;
  assert.equal(Object.keys(operation.responses), ['204', '400', '404', '413', '415', '422', '500']);
  assert.equal(operation.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  assert.ok(operation.requestBody);
});

forms.run();

const late = suite('IsFile declared after the schema tools were loaded');

late('the first IsFile rule, declared after a document loaded the schema tools, is documented as a file', () => {
  // A fresh process: in this one the rules above are registered already.
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./late-is-file.child.ts', import.meta.url))], { encoding: 'utf8' });
  assert.is(child.status, 0, child.stderr);
  assert.equal(JSON.parse(child.stdout), { properties: { document: { type: 'string', format: 'binary' } }, type: 'object', required: ['document'] });
});

late.run();
