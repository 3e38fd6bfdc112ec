import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { notFound, redirect } from 'next/navigation';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { action, fieldError, type ActionResult } from '../../runtime/actions';
import { runAction, testAuth } from '../../runtime/testing';
import {
  Auth,
  Body,
  Controller,
  Delete,
  Form,
  HttpError,
  Idempotent,
  IsFile,
  Post,
  Principal,
  RateLimit,
  createApplication,
  problemDetails,
  session,
  type RequestLogger,
  type RouteContext,
} from '../../runtime/index';

class Address {
  @IsString() @MinLength(2) city!: string;
}
class Item {
  @IsString() @MinLength(1) name!: string;
}
class CreateTaskDto {
  @IsString() @MinLength(3) @MaxLength(40) title!: string;
  @IsOptional() @ValidateNested() @Type(() => Address) address?: Address;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => Item) items?: Item[];
  @IsOptional() @IsArray() @IsString({ each: true }) tags?: string[];
}
class AttachmentForm {
  @IsFile({ maxSize: 10_000, mimeTypes: ['text/plain'] }) file!: File;
  @IsOptional() @IsString() note?: string;
  @IsOptional() @Type(() => Number) @IsInt() pages?: number;
}

/** A class instance with a method, a Date and a Map: sent as JSON carries them. */
class Task {
  constructor(
    readonly id: string,
    readonly title: string,
    readonly due: Date,
  ) {}
  readonly labels = new Map([['a', 1]]);
  describe() {
    return this.title;
  }
}

const sessions = session({ name: 'session', cookie: 'sid', resolve: (request) => (request.headers.get('cookie')?.includes('sid=alice') ? { id: 'alice' } : undefined) });
const runs: Record<string, number> = {};
const ran = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);

@Controller('/tasks')
class TasksController {
  @Post('')
  create(@Body(CreateTaskDto) body: CreateTaskDto) {
    ran('create');
    return new Task('t1', body.title, new Date('2030-01-02T03:04:05.000Z'));
  }

  @Post('/mine')
  @Auth(sessions)
  mine(@Body(CreateTaskDto) body: CreateTaskDto, @Principal() user: { id: string }) {
    ran('mine');
    return { title: body.title, owner: user.id };
  }

  @Post('/limited')
  @RateLimit({ limit: 2, window: 60_000 })
  limited(@Body(CreateTaskDto) body: CreateTaskDto) {
    ran('limited');
    return { title: body.title };
  }

  @Post('/once')
  @Idempotent()
  once(@Body(CreateTaskDto) body: CreateTaskDto) {
    return { title: body.title, n: ran('once') };
  }

  @Post('/:id/attachments')
  async attach(context: RouteContext, @Form(AttachmentForm) form: AttachmentForm) {
    ran('attach');
    return { id: context.params.id, name: form.file.name, text: await form.file.text(), note: form.note ?? null, pages: form.pages ?? null };
  }

  @Post('/go')
  go(@Body(CreateTaskDto) body: CreateTaskDto) {
    ran('go');
    redirect(`/tasks?created=${encodeURIComponent(body.title)}`);
  }

  @Post('/missing')
  missing(@Body(CreateTaskDto) _body: CreateTaskDto) {
    notFound();
  }

  @Post('/broken')
  broken(@Body(CreateTaskDto) _body: CreateTaskDto) {
    throw new Error('the database is down');
  }

  @Delete('/:id')
  remove(context: RouteContext) {
    ran('remove');
    if (context.params.id === 'gone') throw new HttpError(404, 'No task gone');
  }
}

const unexpected: unknown[] = [];
const lines: { level: string; fields: Record<string, unknown> }[] = [];
const log: RequestLogger = {
  info: (fields: Record<string, unknown>) => lines.push({ level: 'info', fields }),
  warn: (fields: Record<string, unknown>) => lines.push({ level: 'warn', fields }),
  error: (fields: Record<string, unknown>) => lines.push({ level: 'error', fields }),
} as never;
const app = createApplication({ controllers: [TasksController], auth: { schemes: [sessions] }, bodyLimit: 4_000, onError: (error) => void unexpected.push(error), log });

const createTask = action(app, TasksController, 'create');
const mine = action(app, TasksController, 'mine');
const limited = action(app, TasksController, 'limited');
const once = action(app, TasksController, 'once');
const attach = action(app, TasksController, 'attach');
const go = action(app, TasksController, 'go');
const missing = action(app, TasksController, 'missing');
const broken = action(app, TasksController, 'broken');
const remove = action(app, TasksController, 'remove');

const scope = (headers: HeadersInit = {}, url = 'http://localhost:3000/tasks/new') => new Request(url, { headers });
const inScope = <T>(call: () => Promise<T>, headers?: HeadersInit) => runAction(scope(headers), call);

function form(fields: Record<string, string | File | (string | File)[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return data;
}

const shape = suite('action(): the result');

shape('an object call resolves to { ok: true, data }, data the body the HTTP route sends: a Date a string, a Map an object, no method', async () => {
  const result = await inScope(() => createTask({ title: 'Write docs' }));
  assert.equal(result, { ok: true, data: { id: 't1', title: 'Write docs', due: '2030-01-02T03:04:05.000Z', labels: { a: 1 } } });
  const response = await app.handle(new Request('http://localhost/api/tasks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"Write docs"}' }));
  assert.equal((result as { data: unknown }).data, await response.json());
  // What Next's serialiser gets: plain JSON values only.
  assert.equal(JSON.parse(JSON.stringify(result)), result);
});

shape('the action is an async function (a "use server" module may export nothing else), and refuses what is not a route', () => {
  assert.is(createTask.constructor.name, 'AsyncFunction');
  assert.throws(() => action(app, TasksController, 'nothing' as never), /TasksController\.nothing is not a route of this application/);
  class Other {}
  assert.throws(() => action(app, Other as never, 'create' as never), /Other\.create is not a route of this application. Is Other in createApplication\(\{ controllers \}\)/);
  assert.throws(() => action({} as never, TasksController, 'create'), /app must be the application createApplication\(\) returned/);
});

shape('a 422 gives fieldErrors by the same paths as the HTTP route, each a list of messages, and formErrors empty', async () => {
  const input = { title: 'x', address: { city: 'P' }, items: [{ name: 'ok' }, { name: '' }] };
  const before = runs.create ?? 0;
  const result = await inScope(() => createTask(input as never));
  const response = await app.handle(new Request('http://localhost/api/tasks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }));
  const http = (await response.json()) as { errors: { field: string; message: string }[] };
  assert.is(runs.create ?? 0, before, 'the handler did not run');
  assert.ok(!result.ok);
  if (result.ok) return;
  assert.is(result.status, 422);
  assert.is(result.message, 'Validation failed');
  assert.equal(Object.keys(result.fieldErrors).sort(), [...new Set(http.errors.map((error) => error.field))].sort());
  assert.equal(Object.keys(result.fieldErrors).sort(), ['address.city', 'items.1.name', 'title']);
  assert.equal(result.fieldErrors.title, http.errors.filter((error) => error.field === 'title').map((error) => error.message));
  assert.equal(result.formErrors, []);
  assert.match(result.requestId, /\S/);
  assert.is(fieldError(result, 'address.city'), result.fieldErrors['address.city'][0]);
  assert.is(fieldError(result, 'nope'), undefined);
  assert.is(fieldError(null, 'title'), undefined);
});

shape('formatError changes the HTTP body, not the action result', async () => {
  const formatted = createApplication({ controllers: [TasksController], auth: { schemes: [sessions] }, formatError: problemDetails });
  const result = await inScope(() => action(formatted, TasksController, 'create')({ title: '' }));
  assert.ok(!result.ok && result.status === 422 && result.fieldErrors.title.length > 0);
});

shape('with requestId: false a failure still names the request id (its answer has no header to read it from)', async () => {
  const quiet = createApplication({ controllers: [TasksController], auth: { schemes: [sessions] }, requestId: false });
  const result = await inScope(() => action(quiet, TasksController, 'create')({ title: '' }), { 'x-request-id': 'quiet-1' });
  assert.ok(!result.ok);
  assert.is((result as { requestId: string }).requestId, 'quiet-1');
});

shape('an HttpError gives its status and message, and formErrors [message]; the path parameter comes from { params }', async () => {
  const result = await inScope(() => remove(undefined, { params: { id: 'gone' } }));
  assert.equal({ ...result, requestId: '' }, { ok: false, status: 404, message: 'No task gone', requestId: '', fieldErrors: {}, formErrors: ['No task gone'] });
  assert.equal(await inScope(() => remove(undefined, { params: { id: 'here' } })), { ok: true, data: null });
});

shape('a missing path parameter is a 400 result, without a request', async () => {
  const before = runs.remove ?? 0;
  const result = await inScope(() => remove(undefined));
  assert.ok(!result.ok && result.status === 400);
  assert.match((result as { message: string }).message, /needs the path parameter id: a field of that name, or \{ params: \{ id: … \} \}/);
  assert.is(runs.remove ?? 0, before);
});

shape('an unexpected throw is a 500 result that says nothing of it; onError has it and the log line is its 5xx', async () => {
  unexpected.length = 0;
  const result = await inScope(() => broken({ title: 'abc' }));
  assert.ok(!result.ok);
  assert.is((result as { status: number }).status, 500);
  assert.is((result as { message: string }).message, 'Internal Server Error');
  assert.is(unexpected.length, 1);
  assert.is((unexpected[0] as Error).message, 'the database is down');
});
shape.run();

const forms = suite('action(): FormData');

forms('a form to a @Body route is read by path: nested fields, indices, tags[] and a repeated name as arrays', async () => {
  const data = form({ title: 'From a form', 'address.city': 'Paris', 'items.0.name': 'one', 'items[1][name]': 'two', 'tags[]': ['a', 'b'], $ACTION_ID_abc: '' });
  const result = await inScope(() => createTask(data));
  assert.ok(result.ok);
  // useActionState's call: (previousState, formData), the previous state null or a result.
  assert.equal(await inScope(() => createTask(null, data)), result);
  assert.equal(await inScope(() => createTask(result, data)), result);
});

forms('an invalid form to a @Body route gives the field paths of its names', async () => {
  const result = await inScope(() => createTask(null, form({ title: 'no', 'address.city': 'P', 'items.0.name': '' })));
  assert.ok(!result.ok);
  assert.equal(Object.keys((result as { fieldErrors: object }).fieldErrors).sort(), ['address.city', 'items.0.name', 'title']);
});

forms('a form to a @Form route: Files with IsFile, text fields converted, the path parameter from its field', async () => {
  const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
  const result = await inScope(() => attach(null, form({ id: '7', file, note: 'n', pages: '3' })));
  assert.equal(result, { ok: true, data: { id: '7', name: 'hello.txt', text: 'hello', note: 'n', pages: 3 } });
  const wrong = await inScope(() => attach(null, form({ id: '7', file: new File(['<p>'], 'x.html', { type: 'text/html' }) })));
  assert.ok(!wrong.ok && wrong.status === 422 && wrong.fieldErrors.file.length === 1);
  // An object call to a @Form route is sent as a form.
  assert.equal(await inScope(() => attach({ file, note: 'o' } as never, { params: { id: '8' } })), { ok: true, data: { id: '8', name: 'hello.txt', text: 'hello', note: 'o', pages: null } });
});

forms('a File past the body limit is a 413 result, and the handler does not run', async () => {
  const before = runs.attach ?? 0;
  const big = new File([new Uint8Array(50_000)], 'big.txt', { type: 'text/plain' });
  const result = await inScope(() => attach(null, form({ id: '7', file: big })));
  assert.ok(!result.ok);
  assert.is((result as { status: number }).status, 413);
  assert.is(runs.attach ?? 0, before);
});

forms('a file for a @Body route is a 415 result; an empty file input is left out', async () => {
  const result = await inScope(() => createTask(null, form({ title: 'abc', doc: new File(['x'], 'x.txt') })));
  assert.ok(!result.ok && result.status === 415);
  assert.match((result as { message: string }).message, /The field doc is a file: a route takes files with @Form, not @Body/);
  assert.ok((await inScope(() => createTask(null, form({ title: 'abc', doc: new File([], '') })))).ok);
});
forms.run();

const pipeline = suite('action(): the route pipeline');

pipeline('without a session: a 401 result, and the handler does not run', async () => {
  const before = runs.mine ?? 0;
  const result = await inScope(() => mine({ title: 'abc' }));
  assert.ok(!result.ok);
  assert.is((result as { status: number }).status, 401);
  assert.equal((result as { formErrors: string[] }).formErrors, ['Authentication required']);
  assert.is(runs.mine ?? 0, before);
});

pipeline("with the request's cookie the scheme reads, and with testAuth's credentials", async () => {
  assert.equal(await inScope(() => mine({ title: 'abc' }), { cookie: 'sid=alice' }), { ok: true, data: { title: 'abc', owner: 'alice' } });
  const headers = await testAuth(app).headers(sessions, { id: 'bob' });
  assert.equal(await inScope(() => mine({ title: 'abc' }), headers), { ok: true, data: { title: 'abc', owner: 'bob' } });
});

pipeline("past the route's rate limit: a 429 result", async () => {
  const results: ActionResult<unknown>[] = [];
  for (let i = 0; i < 3; i++) results.push(await inScope(() => limited({ title: 'abc' }), { 'x-forwarded-for': '203.0.113.9' }));
  assert.equal(
    results.map((result) => (result.ok ? 200 : result.status)),
    [200, 200, 429],
  );
  assert.match((results[2] as { message: string }).message, /^Too many requests: try again in \d+ s$/);
});

pipeline('@Idempotent with the caller’s key: the second call answers from the store', async () => {
  const first = await inScope(() => once({ title: 'abc' }, { idempotencyKey: 'k-1' }));
  const second = await inScope(() => once({ title: 'abc' }, { idempotencyKey: 'k-1' }));
  assert.ok(first.ok);
  assert.equal(second, first);
  const fromForm = await inScope(() => once(null, form({ title: 'abc', 'idempotency-key': 'k-1' })));
  assert.equal(fromForm, first);
});

pipeline("Next's redirect() and notFound() are thrown on untouched: never formatted, reported or logged as a 5xx", async () => {
  unexpected.length = 0;
  lines.length = 0;
  const thrown = await inScope(() => go({ title: 'abc' })).catch((error: unknown) => error);
  assert.match(String((thrown as { digest?: string }).digest), /^NEXT_REDIRECT;replace;\/tasks\?created=abc;307;/);
  const gone = await inScope(() => missing({ title: 'abc' })).catch((error: unknown) => error);
  assert.match(String((gone as { digest?: string }).digest), /^NEXT_HTTP_ERROR_FALLBACK;404/);
  assert.equal(unexpected, []);
  assert.equal(
    lines.map(({ level, fields }) => [level, fields.status]),
    [
      ['info', 307],
      ['warn', 404],
    ],
  );
});

pipeline("over HTTP, a handler's redirect() is answered as Next's route handlers answer it, notFound() as a 404: never a 500", async () => {
  unexpected.length = 0;
  const post = (path: string) => app.handle(new Request(`http://localhost/api/tasks/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"abc"}' }));
  const redirected = await post('go');
  assert.is(redirected.status, 307);
  assert.is(redirected.headers.get('location'), '/tasks?created=abc');
  const missed = await post('missing');
  assert.is(missed.status, 404);
  assert.is(((await missed.json()) as { message: string }).message, 'Not Found');
  assert.equal(unexpected, []);
});

pipeline('the CSRF check still applies: the browser’s Sec-Fetch-Site: cross-site is refused on a form route', async () => {
  const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
  const result = await inScope(() => attach(null, form({ id: '1', file })), { 'sec-fetch-site': 'cross-site' });
  assert.ok(!result.ok && result.status === 403);
});

pipeline('the route gets the host the action was called on, the request id the incoming one', async () => {
  const result = await inScope(() => remove(undefined, { params: { id: 'gone' } }), { 'x-request-id': 'req-123' });
  assert.is((result as { requestId: string }).requestId, 'req-123');
});
pipeline.run();

const scopes = suite('action(): the request scope');

scopes('outside a request scope, the action says so, and how to run it in a test', async () => {
  const error = await createTask({ title: 'abc' }).catch((thrown: unknown) => thrown);
  assert.instance(error, Error);
  assert.match(
    (error as Error).message,
    'The action TasksController.create was called outside a request scope: Next.js gives a Server Action the request\'s headers and cookies only while it answers one. In a test, run it inside runAction(request, () => create(…)) from next-app-controllers/testing.',
  );
});

scopes('runAction refuses what is not a Request', () => {
  assert.throws(() => runAction({} as never, () => 1), /runAction\(request, call\): request must be a Request/);
});
scopes.run();
