import { IsString, MinLength } from 'class-validator';
import createClient from 'openapi-fetch';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Body, Controller, Get, Post, createApplication, type RouteContext } from '../../runtime/index';

class CreateNoteDto {
  @IsString()
  @MinLength(3)
  title!: string;
}

@Controller('/notes')
class NotesController {
  @Get('')
  list(context: RouteContext) {
    return { url: context.request.url, auth: context.request.headers.get('authorization'), q: context.query.get('q') };
  }

  @Post('')
  create(@Body(CreateNoteDto) dto: CreateNoteDto) {
    return { title: dto.title };
  }
}

function notesApp() {
  const app = createApplication({
    controllers: [NotesController],
    basePath: '/v1',
    formatError: (error) => ({ failed: error.status, fields: error.errors?.map((fieldError) => fieldError.field) }),
  });
  const seen: string[] = [];
  app.use(async (context, next) => {
    seen.push(`${context.request.method} ${new URL(context.request.url).pathname}`);
    const response = await next();
    response.headers.set('x-through', 'middleware');
    return response;
  });
  return { app, seen };
}

const fetchSuite = suite('app.fetch(input, init?)');

fetchSuite('a relative string resolves against http://localhost; init carries method, headers and body', async () => {
  const { app } = notesApp();
  const response = await app.fetch('/v1/notes?q=a', { headers: { authorization: 'Bearer t' } });
  assert.is(response.status, 200);
  assert.equal(await response.json(), { url: 'http://localhost/v1/notes?q=a', auth: 'Bearer t', q: 'a' });
});

fetchSuite('a URL and a Request are answered the same way; init overrides a Request as fetch does', async () => {
  const { app } = notesApp();
  assert.is((await app.fetch(new URL('http://example.test/v1/notes'))).status, 200);
  const request = new Request('http://example.test/v1/notes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"hello"}' });
  assert.equal(await (await app.fetch(request)).json(), { title: 'hello' });
  const asGet = await app.fetch(new Request('http://example.test/v1/notes?q=b'), { headers: { authorization: 'x' } });
  assert.equal(await asGet.json(), { url: 'http://example.test/v1/notes?q=b', auth: 'x', q: 'b' });
});

fetchSuite('middleware, validation and formatError apply as over HTTP, misses included', async () => {
  const { app, seen } = notesApp();
  const invalid = await app.fetch('/v1/notes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"x"}' });
  assert.is(invalid.status, 422);
  assert.is(invalid.headers.get('x-through'), 'middleware');
  assert.equal(await invalid.json(), { failed: 422, fields: ['title'] });
  const missing = await app.fetch('/v1/nothing');
  assert.is(missing.status, 404);
  assert.equal(await missing.json(), { failed: 404 });
  assert.equal(seen, ['POST /v1/notes', 'GET /v1/nothing']);
});

fetchSuite('it is bound: destructured, and as the fetch of an openapi-fetch client', async () => {
  const { app } = notesApp();
  const { fetch } = app;
  assert.is((await fetch('/v1/notes')).status, 200);
  const client = createClient<{
    '/v1/notes': { post: { requestBody: { content: { 'application/json': { title: string } } }; responses: { 200: { content: { 'application/json': { title: string } } }; 422: { content: { 'application/json': { failed: number; fields: string[] } } } } } };
  }>({ baseUrl: 'http://localhost', fetch: app.fetch });
  const created = await client.POST('/v1/notes', { body: { title: 'typed' } });
  assert.equal(created.data, { title: 'typed' });
  const rejected = await client.POST('/v1/notes', { body: { title: '' } });
  assert.equal(rejected.error, { failed: 422, fields: ['title'] });
});

fetchSuite('anything else is a rejected promise, as fetch gives', async () => {
  const { app } = notesApp();
  try {
    await app.fetch(42 as never);
    assert.unreachable('should reject');
  } catch (error) {
    assert.instance(error, TypeError);
    assert.match((error as Error).message, 'app.fetch() takes a URL, a string or a Request');
  }
});

fetchSuite.run();
