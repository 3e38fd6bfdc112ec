import 'reflect-metadata';
import { Writable } from 'node:stream';
import { IsString } from 'class-validator';
import { pino } from 'pino';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Body, Controller, createApplication, Get, HttpError, Post, problemDetails, type ApplicationOptions } from '../../runtime';
import { captureConsole, jsonOf, postJson, request } from './helpers';

class NoteDto {
  @IsString()
  text!: string;
}

@Controller('/notes')
class NotesController {
  @Get(':id')
  one() {
    return { id: 1 };
  }

  @Post()
  create(@Body(NoteDto) body: NoteDto) {
    return body;
  }

  @Get('crash/now')
  crash(): never {
    throw new Error('database secret exploded');
  }

  @Get('teapot/now')
  teapot(): never {
    throw new HttpError(418, 'short and stout');
  }
}

/** A real pino writing JSON lines to a stream the test reads. */
function capturedPino() {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

const app = (options: Partial<ApplicationOptions> = {}) => createApplication({ controllers: [NotesController], ...options });
const settle = () => new Promise((resolve) => setImmediate(resolve));

const ids = suite('X-Request-Id');

ids('every answer carries one: a new UUID, and the same in the error body', async () => {
  const handler = app();
  const found = await request(handler, 'GET', '/api/notes/1');
  assert.match(found.headers.get('x-request-id')!, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const missing = await request(handler, 'GET', '/api/nope');
  const body = JSON.parse(await missing.text());
  assert.is(body.requestId, missing.headers.get('x-request-id'));
  assert.is.not(body.requestId, found.headers.get('x-request-id'), 'one per request');
  const invalid = await postJson(handler, '/api/notes', { text: 1 });
  assert.is((await invalid.json()).requestId, invalid.headers.get('x-request-id'), 'the 422 too');
});

ids('a sane incoming X-Request-Id is kept; anything else is replaced', async () => {
  const handler = app();
  const sane = 'Abc-123_x.y:z';
  assert.is((await request(handler, 'GET', '/api/notes/1', { headers: { 'x-request-id': sane } })).headers.get('x-request-id'), sane);
  const longest = 'a'.repeat(128);
  assert.is((await request(handler, 'GET', '/api/notes/1', { headers: { 'x-request-id': longest } })).headers.get('x-request-id'), longest);
  for (const bad of ['a'.repeat(129), 'has space', 'quote"', 'semi;colon', '<script>']) {
    const id = (await request(handler, 'GET', '/api/notes/1', { headers: { 'x-request-id': bad } })).headers.get('x-request-id');
    assert.is.not(id, bad, bad);
    assert.match(id!, /^[0-9a-f-]{36}$/);
  }
});

ids("problem details name it in instance; a HEAD answer and a handler's own Response carry it", async () => {
  const handler = app({ formatError: problemDetails });
  const missing = await request(handler, 'GET', '/api/nope', { headers: { 'x-request-id': 'req-1' } });
  assert.is((await missing.json()).instance, 'urn:request-id:req-1');
  const head = await request(handler, 'HEAD', '/api/notes/1', { headers: { 'x-request-id': 'req-2' } });
  assert.is(head.headers.get('x-request-id'), 'req-2');
});

ids('the error body without a request id is what the helpers compare (requestId checked, then left out)', async () => {
  assert.equal(await jsonOf(await request(app(), 'GET', '/api/nope')), { success: false, statusCode: 404, message: 'Cannot GET /api/nope' });
});

ids('requestId: false: no answer carries the header; error bodies, the log line and a 500 still name the id', async () => {
  const { log: logger, lines } = capturedPino();
  const handler = app({ requestId: false, log: logger });
  const read: string[] = [];
  handler.use((context, next) => {
    read.push(context.requestId, context.requestId);
    return next();
  });
  const found = await request(handler, 'GET', '/api/notes/1', { headers: { 'x-request-id': 'ok-1' } });
  assert.is(found.status, 200);
  assert.is(found.headers.get('x-request-id'), null);
  assert.equal(read, ['ok-1', 'ok-1'], 'middleware reads the id, made once on first read');
  const head = await request(handler, 'HEAD', '/api/notes/1');
  assert.is(head.headers.get('x-request-id'), null);
  const missing = await request(handler, 'GET', '/api/nope', { headers: { 'x-request-id': 'miss-1' } });
  assert.equal([missing.status, missing.headers.get('x-request-id'), (await missing.json()).requestId], [404, null, 'miss-1']);
  const invalid = await postJson(handler, '/api/notes', { text: 1 });
  assert.is(invalid.status, 422);
  assert.is(invalid.headers.get('x-request-id'), null);
  const invalidId = (await invalid.json()).requestId;
  assert.match(invalidId, /^[0-9a-f-]{36}$/);
  const teapot = await request(handler, 'GET', '/api/notes/teapot/now');
  assert.is(teapot.headers.get('x-request-id'), null);
  const teapotId = (await teapot.json()).requestId;
  assert.match(teapotId, /^[0-9a-f-]{36}$/);
  await settle();
  assert.equal(lines.filter((line) => line.requestId === 'ok-1').length, 1, 'the successful request is still logged with its id');
  assert.equal(lines.filter((line) => line.requestId === invalidId || line.requestId === teapotId).length, 2, 'each error line names the id of its body');
});

ids('requestId takes true or false', () => {
  assert.throws(() => app({ requestId: 'no' as never }), /requestId must be true or false, got string/);
});

ids.run();

const log = suite('createApplication({ log })');

log('one JSON line per request from pino: method, route template, status, duration, request id', async () => {
  const { log: logger, lines } = capturedPino();
  const handler = app({ log: logger });
  const response = await request(handler, 'GET', '/api/notes/7?token=secret', { headers: { authorization: 'Bearer hidden', cookie: 'sid=hidden', 'x-request-id': 'r-1' } });
  assert.is(response.status, 200);
  await settle();
  assert.is(lines.length, 1);
  const [line] = lines;
  assert.is(line.level, 30);
  assert.is(line.msg, 'GET /api/notes/:id 200');
  assert.equal([line.method, line.route, line.status, line.requestId], ['GET', '/api/notes/:id', 200, 'r-1']);
  assert.type(line.durationMs, 'number');
  assert.ok(line.durationMs >= 0);
  const text = JSON.stringify(lines);
  for (const secret of ['hidden', 'token', 'secret', 'sid=']) assert.not.ok(text.includes(secret), `the line holds ${secret}`);
});

log('a 422 is a warn with the number of field errors; a miss logs its path without the query', async () => {
  const { log: logger, lines } = capturedPino();
  const handler = app({ log: logger });
  await postJson(handler, '/api/notes', { text: 1, extra: 'body secret' });
  await request(handler, 'GET', '/api/nope?x=1');
  await settle();
  assert.equal(
    lines.map((line) => [line.level, line.route, line.status, line.validationErrors]),
    [
      [40, '/api/notes', 422, 1],
      [40, '/api/nope', 404, undefined],
    ],
  );
  assert.not.ok(JSON.stringify(lines).includes('body secret'));
});

log('a 500 is an error line with the error; the id in the body finds the line', async () => {
  const { log: logger, lines } = capturedPino();
  const handler = app({ log: logger });
  let response: Response | undefined;
  await captureConsole(async () => (response = await request(handler, 'GET', '/api/notes/crash/now')));
  const { requestId } = await response!.json();
  await settle();
  const line = lines.find((entry) => entry.requestId === requestId);
  assert.ok(line, 'the line of the failed request is found by its requestId');
  assert.is(line!.level, 50);
  assert.is(line!.status, 500);
  assert.is(line!.err.message, 'database secret exploded');
  assert.is(line!.err.type, 'Error');
  assert.type(line!.err.stack, 'string');
});

log('an HttpError below 500 is not logged as an error', async () => {
  const { log: logger, lines } = capturedPino();
  await request(app({ log: logger }), 'GET', '/api/notes/teapot/now');
  await settle();
  assert.equal([lines[0].level, lines[0].status, lines[0].err], [40, 418, undefined]);
});

log('a logger without pino\'s methods is refused when the application is created', async () => {
  const printed = await captureConsole(async () => {
    const handler = app({ log: { info() {} } as never });
    const response = await request(handler, 'GET', '/api/notes/1').catch((error: Error) => error.message);
    assert.match(String(response), /createApplication\(\{ log \}\) takes a logger with info, warn and error methods/);
  });
  assert.ok(printed.error.length >= 1);
});

log('a logger that throws does not fail the request', async () => {
  const throwing = { info: () => { throw new Error('disk full'); }, warn() {}, error() {} };
  const printed = await captureConsole(async () => {
    assert.is((await request(app({ log: throwing }), 'GET', '/api/notes/1')).status, 200);
  });
  assert.ok(printed.error.some((args) => String(args[0]).includes('the log threw')));
});

log('without log nothing is written', async () => {
  const printed = await captureConsole(async () => {
    await request(app(), 'GET', '/api/notes/1');
  });
  assert.equal(printed, { warn: [], error: [] });
});

log.run();
