import { validate } from '@readme/openapi-parser';
import { IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiResponse, Body, Controller, Delete, Get, HttpCode, Post, Query, createApplication, generateOpenApiDocument, problemDetails, type Application } from '../../runtime/index';
import type { ResponseObject } from '../../runtime/openapi/types';

class CreateNoteDto {
  @IsString()
  text!: string;
}

@Controller('/notes')
class NotesController {
  @Get('')
  list() {
    return [];
  }

  @Post('')
  @HttpCode(201)
  create(@Body(CreateNoteDto) dto: CreateNoteDto) {
    return dto;
  }

  @Delete('/:id')
  @HttpCode(204)
  remove() {}

  @Get('/search')
  search(@Query(CreateNoteDto) query: CreateNoteDto) {
    return query;
  }

  @Get('/:id')
  @ApiResponse({ status: 403, description: 'Not yours' })
  @ApiResponse({ status: 422, description: 'Bad filter' })
  findOne() {
    return {};
  }
}

const conduit = (error: { message: string }) => ({ errors: { body: [error.message] } });
let defaultApp: Application;
let problemApp: Application;
let customApp: Application;
const CONDUIT_SCHEMA = {
  type: 'object',
  required: ['errors'],
  properties: { errors: { type: 'object', properties: { body: { type: 'array', items: { type: 'string' } } } } },
};

const responses = suite('generateOpenApiDocument error responses');

// Other tests document every application of the process, which may not mix formats: these exist only while this suite
// runs, and are replaced by their basePath afterwards.
responses.before(() => {
  defaultApp = createApplication({ controllers: [NotesController], basePath: '/default-format' });
  problemApp = createApplication({ controllers: [NotesController], basePath: '/problem-format', formatError: problemDetails });
  customApp = createApplication({ controllers: [NotesController], basePath: '/custom-format', formatError: conduit });
});

responses.after(() => {
  for (const basePath of ['/problem-format', '/custom-format']) createApplication({ controllers: [], basePath });
});

responses('a @Body route documents 400, 413, 415 and 422; a @Query route 422; every route 404 and 500', async () => {
  const doc = await generateOpenApiDocument({ title: 'Notes', applications: [defaultApp] });
  const create = doc.paths['/default-format/notes'].post!.responses;
  assert.equal(Object.keys(create), ['201', '400', '404', '413', '415', '422', '500']);
  assert.equal(create['413'], { $ref: '#/components/responses/ContentTooLarge' });
  assert.equal(create['415'], { $ref: '#/components/responses/UnsupportedMediaType' });
  assert.equal(create['400'], { $ref: '#/components/responses/BadRequest' });
  assert.equal(Object.keys(doc.paths['/default-format/notes'].get!.responses), ['200', '404', '500']);
  assert.equal(Object.keys(doc.paths['/default-format/notes/search'].get!.responses), ['200', '404', '422', '500']);
});

responses('a route with @HttpCode(204) and no @ApiResponse documents 204, without content', async () => {
  const doc = await generateOpenApiDocument({ title: 'Notes', applications: [defaultApp] });
  assert.equal(doc.paths['/default-format/notes/{id}'].delete!.responses['204'], { description: 'No Content' });
  assert.not.ok('200' in doc.paths['/default-format/notes/{id}'].delete!.responses);
});

responses('the default format: ErrorResponse and ValidationError schemas, examples as the runtime sends them', async () => {
  const doc = await generateOpenApiDocument({ title: 'Notes', applications: [defaultApp] });
  assert.ok((await validate(structuredClone(doc) as never)).valid);
  assert.equal(doc.components.responses.UnsupportedMediaType, {
    description: 'Unsupported Media Type',
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorResponse' },
        example: { success: false, statusCode: 415, message: 'Expected a JSON body: send it with Content-Type: application/json' },
      },
    },
  });
  const declared = doc.paths['/default-format/notes/{id}'].get!.responses;
  assert.equal((declared['403'] as ResponseObject).content, { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } });
  assert.equal((declared['422'] as ResponseObject).content, { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } });
  const runtime = await defaultApp.handle(new Request('http://x/default-format/notes', { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } }));
  assert.is(runtime.status, 415);
});

responses('problemDetails: application/problem+json with the ProblemDetails schemas, and examples that match the runtime', async () => {
  const doc = await generateOpenApiDocument({ title: 'Notes', applications: [problemApp] });
  assert.ok((await validate(structuredClone(doc) as never)).valid);
  assert.equal(Object.keys(doc.components.schemas), ['CreateNoteDto', 'ProblemDetails', 'ValidationProblemDetails']);
  const failed = doc.components.responses.ValidationFailed.content!['application/problem+json'];
  assert.equal(failed.schema, { $ref: '#/components/schemas/ValidationProblemDetails' });
  const runtime = await problemApp.handle(new Request('http://x/problem-format/notes', { method: 'POST', body: '{"text":1}', headers: { 'content-type': 'application/json' } }));
  const body = (await runtime.json()) as Record<string, unknown>;
  const example = failed.example as Record<string, unknown>;
  assert.equal(Object.keys(body), Object.keys(example));
  assert.equal([body.type, body.title, body.status, body.detail], [example.type, example.title, example.status, example.detail]);
  const declared = doc.paths['/problem-format/notes/{id}'].get!.responses['403'] as ResponseObject;
  assert.equal(declared.content, { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } });
});

responses('a custom formatError: the errorSchema passed in, or any object; no examples the library cannot know', async () => {
  const given = await generateOpenApiDocument({ title: 'Notes', applications: [customApp], errorSchema: CONDUIT_SCHEMA });
  assert.ok((await validate(structuredClone(given) as never)).valid);
  assert.equal(given.components.schemas.ErrorResponse, CONDUIT_SCHEMA);
  assert.not.ok('ValidationError' in given.components.schemas);
  assert.equal(given.components.responses.ValidationFailed, {
    description: 'Validation failed',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
  });
  const permissive = await generateOpenApiDocument({ title: 'Notes', applications: [customApp] });
  assert.is((permissive.components.schemas.ErrorResponse as { type: string }).type, 'object');
  assert.is((permissive.components.schemas.ErrorResponse as { properties?: unknown }).properties, undefined);
});

responses('refuses to describe applications with different error formats in one document, saying what to do', async () => {
  try {
    await generateOpenApiDocument({ title: 'Mixed', applications: [defaultApp, problemApp] });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.match((error as Error).message, /answer errors in different formats \(default, problem-details\).*applications: \[app\]/);
  }
});

responses.run();
