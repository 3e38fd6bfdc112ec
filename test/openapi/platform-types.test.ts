import { Type } from 'class-transformer';
import { IsOptional, IsString, ValidateNested } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Body, Controller, Form, IsFile, Post, createApplication } from '../../runtime/index';
import { createDocumentGenerator } from '../../runtime/openapi/index';

// Issue 44, item 14: no component is named after a platform type (a `File` component makes other generators' `File`
// type any object); a File or Blob property is a binary part, inline.

class AttachmentForm {
  @IsFile() avatar!: File;

  @IsOptional()
  @ValidateNested()
  @Type(() => Blob)
  thumbnail?: Blob;

  @IsOptional()
  @ValidateNested()
  @Type(() => File)
  scan?: File;
}

class EventDto {
  @IsString() name!: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Date)
  at?: Date;
}

@Controller('/attachments')
class AttachmentsController {
  @Post('')
  upload(@Form(AttachmentForm) _form: AttachmentForm) {
    return 1;
  }

  @Post('/events')
  event(@Body(EventDto) _event: EventDto) {
    return 1;
  }
}

const app = createApplication({ controllers: [AttachmentsController] });
const generate = createDocumentGenerator();

const test = suite('platform types in DTOs');

test('no component is named File, Blob or Date; File and Blob properties are binary parts inline', async () => {
  const doc = await generate({ title: 'Attachments', applications: [app] });
  const names = Object.keys(doc.components.schemas);
  for (const platform of ['File', 'Blob', 'Date']) assert.not.ok(names.includes(platform), `${platform} in ${names.join(', ')}`);
  const properties = doc.components.schemas.AttachmentForm.properties as Record<string, unknown>;
  assert.equal(properties.avatar, { type: 'string', format: 'binary' });
  assert.equal(properties.thumbnail, { type: 'string', contentMediaType: 'application/octet-stream' });
  assert.equal(properties.scan, { type: 'string', contentMediaType: 'application/octet-stream' });
  assert.not.match(JSON.stringify(doc), /#\/components\/schemas\/(File|Blob|Date)"/);
});

test.run();
