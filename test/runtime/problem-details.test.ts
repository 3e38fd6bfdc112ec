import { IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Body, Controller, Get, HttpError, Post, createApplication, problemDetails, type Application } from '../../runtime/index';
import { instanceOf, jsonOf, postJson, request } from './helpers';

class NoteDto {
  @IsString()
  text!: string;
}

@Controller('/notes')
class NotesController {
  @Post('')
  create(@Body(NoteDto) dto: NoteDto) {
    return dto;
  }

  @Get('/:id')
  findOne() {
    throw new HttpError(404, 'Note 7 not found', { headers: { 'x-trace': 't1' } });
  }

  @Get('/crash/now')
  crash() {
    throw new Error('secret');
  }
}

const problem = suite('problemDetails');
let app: Application;

// Tests that document every application of the process may not mix error formats: this one exists only while the
// suite runs, and is replaced by its basePath afterwards.
problem.before(() => {
  app = createApplication({ controllers: [NotesController], formatError: problemDetails, onError: () => {} });
});

problem('answers RFC 9457 problem details as application/problem+json, the thrown headers kept', async () => {
  const response = await request(app, 'GET', '/api/notes/7?x=1');
  assert.is(response.status, 404);
  assert.is(response.headers.get('content-type'), 'application/problem+json');
  assert.is(response.headers.get('x-trace'), 't1');
  assert.equal(await jsonOf(response), { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Note 7 not found', instance: instanceOf(response) });
});

problem('adds the field errors on a 422', async () => {
  const response = await postJson(app, '/api/notes', { text: 1 });
  assert.is(response.headers.get('content-type'), 'application/problem+json');
  assert.equal(await jsonOf(response), {
    type: 'about:blank',
    title: 'Unprocessable Content',
    status: 422,
    detail: 'Validation failed',
    instance: instanceOf(response),
    errors: [{ field: 'text', message: 'text must be a string', in: 'body' }],
  });
});

problem('formats the misses too: 400 malformed path, 405 with its Allow, and a 500 without the error text', async () => {
  const malformed = await request(app, 'GET', '/api/notes/%E0%A4%A');
  assert.equal(await jsonOf(malformed), {
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: 'Malformed percent-encoding in path /api/notes/%E0%A4%A',
    instance: instanceOf(malformed),
  });
  const notAllowed = await request(app, 'DELETE', '/api/notes');
  assert.equal([notAllowed.status, notAllowed.headers.get('allow'), notAllowed.headers.get('content-type')], [405, 'POST, OPTIONS', 'application/problem+json']);
  const crash = await request(app, 'GET', '/api/notes/crash/now');
  assert.equal(await jsonOf(crash), { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Internal Server Error', instance: instanceOf(crash) });
});

problem.after(() => void createApplication({ controllers: [], basePath: '/api' }));

problem.run();
