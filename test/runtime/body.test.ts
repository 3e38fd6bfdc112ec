import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsNotEmpty, IsOptional, IsString, Min, MinLength, ValidateNested } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Body, Controller, Post, Put, createApplication, type RouteContext } from '../../runtime/index';
import { captureConsole, cutOffBody, jsonOf, postJson, request } from './helpers';

class AddressDto {
  @IsString() @IsNotEmpty() city!: string;
}

class ItemDto {
  @IsString() @IsNotEmpty() name!: string;
  @IsInt() @Min(1) quantity!: number;
}

class CreatePostDto {
  @IsString() @MinLength(1) title!: string;
  @IsString() content!: string;
  @IsOptional() @ValidateNested() @Type(() => AddressDto) address?: AddressDto;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => ItemDto) items?: ItemDto[];
  unvalidated?: unknown;
  describe() {
    return `${this.title}: ${this.content}`;
  }
}

let handlerRuns = 0;

@Controller('/posts')
class PostsController {
  @Post('')
  create(@Body(CreatePostDto) body: CreatePostDto) {
    handlerRuns++;
    return {
      isDto: body instanceof CreatePostDto,
      described: body.describe(),
      addressIsDto: body.address === undefined || body.address instanceof AddressDto,
      itemsAreDtos: (body.items ?? []).every((item) => item instanceof ItemDto),
      body,
    };
  }

  @Put('/:id')
  replace(context: RouteContext, @Body(CreatePostDto) body: CreatePostDto) {
    return { id: context.params.id, title: body.title };
  }
}

const app = createApplication({ controllers: [PostsController], bodyLimit: 1000 });
const valid = { title: 'Hello', content: 'World' };

const bodySuite = suite('@Body');

bodySuite('a valid body reaches the handler as a DTO instance, nested DTOs included', async () => {
  const response = await postJson(app, '/api/posts', { ...valid, address: { city: 'Oslo' }, items: [{ name: 'a', quantity: 2 }] });
  assert.is(response.status, 200);
  const result = (await jsonOf(response)) as Record<string, unknown>;
  assert.equal(result, {
    isDto: true,
    described: 'Hello: World',
    addressIsDto: true,
    itemsAreDtos: true,
    body: { ...valid, address: { city: 'Oslo' }, items: [{ name: 'a', quantity: 2 }] },
  });
});

bodySuite('the context and the body can come in any parameter position', async () => {
  assert.equal(await jsonOf(await postJson(app, '/api/posts/9', valid, 'PUT')), { id: '9', title: 'Hello' });
});

bodySuite('an invalid body answers 422 with one entry per violated rule, and the handler does not run', async () => {
  const before = handlerRuns;
  const response = await postJson(app, '/api/posts', { title: '', content: 5 });
  assert.is(response.status, 422);
  assert.equal(await jsonOf(response), {
    success: false,
    statusCode: 422,
    message: 'Validation failed',
    errors: [
      { field: 'title', message: 'title must be longer than or equal to 1 characters', in: 'body' },
      { field: 'content', message: 'content must be a string', in: 'body' },
    ],
  });
  assert.is(handlerRuns, before);
});

bodySuite('nested violations are named by dotted paths', async () => {
  const response = await postJson(app, '/api/posts', { ...valid, address: { city: '' }, items: [{ name: 'ok', quantity: 1 }, { name: '', quantity: 0 }] });
  assert.is(response.status, 422);
  const { errors } = (await jsonOf(response)) as { errors: { field: string }[] };
  assert.equal(errors.map((error) => error.field).sort(), ['address.city', 'items.1.name', 'items.1.quantity']);
});

bodySuite('a required field that is missing is reported by name', async () => {
  const { errors } = (await jsonOf(await postJson(app, '/api/posts', { content: 'x' }))) as { errors: { field: string; message: string }[] };
  assert.ok(errors.some((error) => error.field === 'title' && /title must be a string/.test(error.message)));
});

bodySuite('a field without a validation decorator is not validated and is kept', async () => {
  const result = (await jsonOf(await postJson(app, '/api/posts', { ...valid, unvalidated: { any: 1 } }))) as { body: Record<string, unknown> };
  assert.equal(result.body.unvalidated, { any: 1 });
});

bodySuite('malformed JSON answers 400 and the handler does not run', async () => {
  const before = handlerRuns;
  const response = await postJson(app, '/api/posts', '{"title": ');
  assert.is(response.status, 400);
  assert.equal(await jsonOf(response), { success: false, statusCode: 400, message: 'Request body is not valid JSON' });
  assert.is(handlerRuns, before);
});

bodySuite('an empty body answers 400', async () => {
  assert.is((await postJson(app, '/api/posts', '')).status, 400);
});

bodySuite('a JSON body that is not an object answers 400 naming what it got', async () => {
  for (const [body, got] of [['[1,2]', 'an array'], ['42', 'a number'], ['null', 'null'], ['"text"', 'a string']]) {
    const response = await postJson(app, '/api/posts', body);
    assert.is(response.status, 400, body);
    assert.is(((await jsonOf(response)) as { message: string }).message, `Request body must be a JSON object, got ${got}`);
  }
});

bodySuite('a body that is not JSON answers 415', async () => {
  const response = await request(app, 'POST', '/api/posts', { headers: { 'content-type': 'text/plain' }, body: 'title=x' });
  assert.is(response.status, 415);
  assert.match(((await jsonOf(response)) as { message: string }).message, /Content-Type: application\/json \(got text\/plain\)/);
  assert.is((await request(app, 'POST', '/api/posts', { body: new Blob([JSON.stringify(valid)]) })).status, 415);
});

bodySuite('JSON content types with parameters or a +json suffix are accepted', async () => {
  for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json']) {
    const response = await request(app, 'POST', '/api/posts', { headers: { 'content-type': type }, body: JSON.stringify(valid) });
    assert.is(response.status, 200, type);
  }
});

bodySuite('a body over bodyLimit answers 413 when content-length says so', async () => {
  const big = JSON.stringify({ ...valid, content: 'x'.repeat(2000) });
  const response = await request(app, 'POST', '/api/posts', { headers: { 'content-type': 'application/json', 'content-length': String(big.length) }, body: big });
  assert.is(response.status, 413);
  assert.equal(await jsonOf(response), { success: false, statusCode: 413, message: 'Request body is larger than the limit of 1000 bytes' });
});

bodySuite('a streamed body over bodyLimit answers 413 without reading past the limit', async () => {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      if (pulled > 100) return controller.close();
      controller.enqueue(new TextEncoder().encode('x'.repeat(400)));
    },
  });
  const response = await app.handle(
    new Request('http://localhost/api/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit),
  );
  assert.is(response.status, 413);
  assert.ok(pulled <= 5, `read ${pulled} chunks`);
});

bodySuite('a body that is not UTF-8 answers 400', async () => {
  const response = await request(app, 'POST', '/api/posts', { headers: { 'content-type': 'application/json' }, body: new Uint8Array([0x7b, 0xff, 0x7d]) });
  assert.is(response.status, 400);
});

bodySuite('__proto__ and constructor keys never reach a prototype', async () => {
  const payloads = [
    '{"title":"a","content":"b","__proto__":{"polluted":true}}',
    '{"title":"a","content":"b","constructor":{"prototype":{"polluted":true}}}',
    '{"title":"a","content":"b","\\u005f_proto__":{"polluted":true}}',
    '{"title":"a","content":"b","address":{"city":"x","__proto__":{"polluted":true}}}',
  ];
  for (const payload of payloads) {
    const response = await postJson(app, '/api/posts', payload);
    assert.is(response.status, 200, payload);
    const result = (await jsonOf(response)) as { isDto: boolean; described: string };
    assert.is(result.isDto, true);
    assert.is(result.described, 'a: b');
    assert.is(({} as Record<string, unknown>).polluted, undefined);
  }
});

bodySuite('the validation option passes class-validator options through', async () => {
  const strict = createApplication({ controllers: [PostsController], validation: { whitelist: true, forbidNonWhitelisted: true } });
  const response = await postJson(strict, '/api/posts', { ...valid, extra: 1 });
  assert.is(response.status, 422);
  const { errors } = (await jsonOf(response)) as { errors: { field: string; message: string }[] };
  assert.equal(errors, [{ field: 'extra', message: 'property extra should not exist', in: 'body' }]);
});

const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

// Regression, issue 15 row 4: a body nested ~3,000 deep (24 KB), even in an unknown field, overflowed the stack in
// class-transformer and was answered 500 with a logged stack.
bodySuite('a body nested deeper than bodyDepthLimit answers 400 with a clear message, and nothing is logged', async () => {
  const deep = createApplication({ controllers: [PostsController], bodyDepthLimit: 4 });
  const printed = await captureConsole(async () => {
    const response = await postJson(deep, '/api/posts', `{"title":"a","content":"b","unvalidated":${nested(4)}}`);
    assert.is(response.status, 400);
    assert.is(((await jsonOf(response)) as { message: string }).message, 'Request body is nested too deeply: at most 4 levels of objects and arrays are accepted');
    assert.is((await postJson(deep, '/api/posts', `{"title":"a","content":"b","unvalidated":${nested(3)}}`)).status, 200);
    assert.is((await postJson(deep, '/api/posts', `{"title":"a","content":"b","unvalidated":[[[]]]}`)).status, 200);
    assert.is((await postJson(deep, '/api/posts', `{"title":"a","content":"b","unvalidated":[[[[]]]]}`)).status, 400);
  });
  assert.equal(printed.error, []);
});

bodySuite('the default depth limit (64) answers the 3,000-deep body of the issue with a 400', async () => {
  const body = `{"title":"a","content":"b","unvalidated":${'['.repeat(3000)}${']'.repeat(3000)}}`;
  assert.is((await postJson(createApplication({ controllers: [PostsController] }), '/api/posts', body)).status, 400);
  assert.is((await postJson(app, '/api/posts', `{"title":"a","content":"b","unvalidated":${nested(63)}}`)).status, 200);
});

bodySuite('bodyDepthLimit must be a whole number from 1 to 1000', () => {
  for (const bodyDepthLimit of [0, 1.5, 1001, Number.NaN]) {
    assert.throws(() => createApplication({ controllers: [PostsController], bodyDepthLimit }), /bodyDepthLimit must be a whole number of levels from 1 to 1000/);
  }
});

bodySuite('the largest bodyDepthLimit (1000) still answers a body at that depth without overflowing', async () => {
  const deepest = createApplication({ controllers: [PostsController], bodyDepthLimit: 1000, bodyLimit: 100_000 });
  assert.is((await postJson(deepest, '/api/posts', `{"title":"a","content":"b","unvalidated":${nested(999)}}`)).status, 200);
});

// Regression, issue 15 row 5: a client that sent half a body and disconnected was logged as an unhandled error and
// answered 500, with onError called.
bodySuite('a body cut off by the client answers 400 without a log or an onError call', async () => {
  const seen: unknown[] = [];
  const hooked = createApplication({ controllers: [PostsController], onError: (error) => void seen.push(error) });
  const stream = cutOffBody('{"title":"a",');
  const printed = await captureConsole(async () => {
    const response = await hooked.handle(
      new Request('http://localhost/api/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit),
    );
    assert.is(response.status, 400);
    assert.is(((await jsonOf(response)) as { message: string }).message, 'Request body was cut off: the connection closed before all of it arrived');
  });
  assert.equal(seen, []);
  assert.equal(printed.error, []);
});

bodySuite.run();

const preloading = suite('validation code loaded ahead');

preloading('an application with a @Body route loads its validation code when created: its first POST waits for no module', () => {
  // A fresh process: in this one the validation code is loaded already.
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./preload.child.ts', import.meta.url))], { encoding: 'utf8' });
  assert.is(child.status, 0, child.stderr);
  assert.equal(JSON.parse(child.stdout), { status: 200, waitedForIo: false });
});

preloading('under Node, class-transformer is the CommonJS build every import reaches: its ESM builds are not even resolved', () => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./storage-builds.child.ts', import.meta.url))], { encoding: 'utf8' });
  assert.is(child.status, 0, child.stderr);
  assert.equal(JSON.parse(child.stdout), { status: 200, body: '{"text":"x"}', builds: ['class-transformer/cjs/storage.js'] });
});

preloading.run();
