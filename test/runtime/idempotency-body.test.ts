import 'reflect-metadata';
import { IsInt, IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { Body, Controller, createApplication, Form, HttpCode, Idempotent, Post, type ApplicationStore, type RouteContext } from '../../runtime';
import { built } from '../../runtime/core/response';
import { captureConsole, cutOffBody } from './helpers';

// An `@Idempotent` route reads the body before the handler (to compare payloads): the handler's request, and the
// library's body readers, must still read it as if it were unread (core/kept-body.ts), and the answer is stored from
// the body the response builder had (core/response.ts's `built.seen`).

class OrderDto {
  @IsString()
  item!: string;

  @IsInt()
  quantity!: number;
}

class FormOrderDto {
  @IsString()
  item!: string;
}

const OrderSchema = z.object({ item: z.string(), quantity: z.number().int() });
const ORDER = { item: 'book', quantity: 2 };
const ORDER_TEXT = JSON.stringify(ORDER);

let ran = 0;
let seenByMiddleware: Request | undefined;

type Read = (request: Request) => Promise<unknown>;
const reads: Record<string, Read> = {
  json: (request) => request.json(),
  text: (request) => request.text(),
  arrayBuffer: async (request) => new TextDecoder().decode(await request.arrayBuffer()),
  bytes: async (request) => new TextDecoder().decode(await (request as Request & { bytes(): Promise<Uint8Array> }).bytes()),
  blob: async (request) => {
    const blob = await request.blob();
    return { type: blob.type, text: await blob.text() };
  },
  formData: async (request) => Object.fromEntries(await request.formData()),
  body: async (request) => {
    const before = request.bodyUsed;
    const text = await new Response(request.body).text();
    return { before, after: request.bodyUsed, text };
  },
  clone: async (request) => {
    const copy = request.clone();
    return { copy: await copy.json(), original: await request.json(), headers: copy.headers.get('idempotency-key') !== null, method: copy.method };
  },
  twice: async (request) => {
    const used = [request.bodyUsed];
    await request.json();
    used.push(request.bodyUsed);
    const second = await request.text().then(
      () => 'read again',
      (error: Error) => error.constructor.name,
    );
    let clone: string;
    try {
      request.clone();
      clone = 'cloned';
    } catch (error) {
      clone = (error as Error).constructor.name;
    }
    return { used, second, clone };
  },
  badJson: (request) => request.json().then(
    () => 'parsed',
    (error: Error) => error.constructor.name,
  ),
  same: async (request) => ({ same: request === seenByMiddleware, isRequest: request instanceof Request, url: new URL(request.url).pathname, signal: request.signal instanceof AbortSignal }),
};

@Controller('/read')
@Idempotent()
class ReadController {
  @Post(':how')
  async read(context: RouteContext<{ how: string }>) {
    ran++;
    return { read: await reads[context.params.how](context.request) };
  }
}

@Controller('/inputs')
@Idempotent()
class InputsController {
  @Post('dto')
  @HttpCode(201)
  dto(@Body(OrderDto) order: OrderDto) {
    ran++;
    return { dto: order.item, quantity: order.quantity, instance: order instanceof OrderDto };
  }

  @Post('schema')
  schema(@Body(OrderSchema) order: z.infer<typeof OrderSchema>) {
    ran++;
    return { schema: order.item };
  }

  @Post('form')
  form(@Form(FormOrderDto) order: FormOrderDto) {
    ran++;
    return { form: order.item };
  }

  @Post('dto-then-request')
  async dtoThenRequest(@Body(OrderDto) order: OrderDto, context: RouteContext) {
    ran++;
    const again = await context.request.json().then(
      () => 'read again',
      (error: Error) => error.constructor.name,
    );
    return { dto: order.item, again, used: context.request.bodyUsed };
  }
}

@Controller('/answers')
@Idempotent()
class AnswersController {
  @Post('json')
  json(context: RouteContext) {
    ran++;
    return context.json({ run: ran }, { status: 202, headers: { 'x-custom': 'kept' } });
  }

  @Post('own')
  own() {
    ran++;
    return new Response(new Uint8Array([0, 255, ran]), { status: 201, headers: { 'content-type': 'application/octet-stream' } });
  }

  @Post('nothing')
  nothing() {
    ran++;
  }
}

const middleware = async (context: RouteContext, next: () => Promise<Response>) => {
  seenByMiddleware = context.request;
  return next();
};

function app(store?: ApplicationStore, bodyLimit?: number, onError: (error: unknown) => void = () => {}) {
  return createApplication({ controllers: [ReadController, InputsController, AnswersController], onError, store, bodyLimit }).use(middleware);
}

let keys = 0;
function post(handler: ReturnType<typeof app>, path: string, body: BodyInit | null = ORDER_TEXT, headers: Record<string, string> = {}, key = `key-${++keys}`) {
  return handler.handle(new Request(`http://localhost/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key, ...headers }, body }));
}

/** The first answer and the replay of the same request: both bodies, the replay marked. */
async function twice(handler: ReturnType<typeof app>, path: string, body?: BodyInit | null, headers?: Record<string, string>) {
  const key = `key-${++keys}`;
  const first = await post(handler, path, body, headers, key);
  const firstBody = await first.text();
  const again = await post(handler, path, body, headers, key);
  assert.is(again.headers.get('idempotency-replayed'), 'true', `${path}: replayed`);
  assert.is(again.status, first.status);
  assert.is(await again.text(), firstBody, `${path}: the replay's body is the first's`);
  return { status: first.status, body: firstBody };
}

const readers = suite('@Idempotent: the handler reads the request as if its body were unread');

readers.before.each(() => {
  ran = 0;
});

readers('json(), text(), arrayBuffer(), bytes() and blob() give the bytes sent', async () => {
  const handler = app();
  assert.equal(JSON.parse((await twice(handler, '/read/json')).body), { read: ORDER });
  assert.equal(JSON.parse((await twice(handler, '/read/text')).body), { read: ORDER_TEXT });
  assert.equal(JSON.parse((await twice(handler, '/read/arrayBuffer')).body), { read: ORDER_TEXT });
  assert.equal(JSON.parse((await twice(handler, '/read/bytes')).body), { read: ORDER_TEXT });
  assert.equal(JSON.parse((await twice(handler, '/read/blob')).body), { read: { type: 'application/json', text: ORDER_TEXT } });
  assert.is(ran, 5, 'each ran once, its replay from the store');
});

readers('text() decodes UTF-8 as the platform does (a byte order mark dropped, a bad byte replaced)', async () => {
  const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9, 0xff]);
  const answer = await post(app(), '/read/text', bytes);
  assert.equal(await answer.json(), { read: await new Request('http://x', { method: 'POST', body: bytes }).text() });
});

readers('formData() parses a form sent as urlencoded or multipart', async () => {
  const handler = app();
  const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
  assert.equal(JSON.parse((await twice(handler, '/read/formData', 'item=pen&quantity=3', urlencoded)).body), { read: { item: 'pen', quantity: '3' } });
  const form = new FormData();
  form.set('item', 'ink');
  const sent = new Request('http://x', { method: 'POST', body: form });
  const bytes = new Uint8Array(await sent.arrayBuffer());
  assert.equal(JSON.parse((await twice(handler, '/read/formData', bytes, { 'content-type': sent.headers.get('content-type')! })).body), { read: { item: 'ink' } });
});

readers('body is a stream of the bytes, and reading it uses the body', async () => {
  assert.equal(JSON.parse((await twice(app(), '/read/body')).body), { read: { before: false, after: true, text: ORDER_TEXT } });
});

readers('clone() gives a request with the same body, method and headers; the original still reads', async () => {
  assert.equal(JSON.parse((await twice(app(), '/read/clone')).body), { read: { copy: ORDER, original: ORDER, headers: true, method: 'POST' } });
});

readers('a body reads once: bodyUsed turns true, a second read rejects and clone() throws, with TypeErrors', async () => {
  assert.equal(JSON.parse((await twice(app(), '/read/twice')).body), { read: { used: [false, true], second: 'TypeError', clone: 'TypeError' } });
});

readers('json() of a body that is not JSON rejects with a SyntaxError, as the platform does', async () => {
  const answer = await post(app(), '/read/badJson', '{nope');
  assert.equal(await answer.json(), { read: 'SyntaxError' });
});

readers('the handler gets the request the middleware saw (no copy), still a Request with its URL and signal', async () => {
  const answer = await post(app(), '/read/same');
  assert.equal(await answer.json(), { read: { same: true, isRequest: true, url: '/api/read/same', signal: true } });
});

readers.run();

const inputs = suite("@Idempotent: the library's body readers take the bytes read");

inputs.before.each(() => {
  ran = 0;
});

inputs('@Body(Dto), @Body(schema) and @Form(Dto) validate the body sent; replays answer from the store', async () => {
  const handler = app();
  const dto = await twice(handler, '/inputs/dto');
  assert.is(dto.status, 201);
  assert.equal(JSON.parse(dto.body), { dto: 'book', quantity: 2, instance: true });
  assert.equal(JSON.parse((await twice(handler, '/inputs/schema')).body), { schema: 'book' });
  const form = new URLSearchParams({ item: 'pen', quantity: '3' });
  assert.equal(JSON.parse((await twice(handler, '/inputs/form', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' })).body), { form: 'pen' });
  const multipart = new FormData();
  multipart.set('item', 'ink');
  multipart.set('quantity', '4');
  const sent = new Request('http://x', { method: 'POST', body: multipart });
  const bytes = new Uint8Array(await sent.arrayBuffer());
  assert.equal(JSON.parse((await twice(handler, '/inputs/form', bytes, { 'content-type': sent.headers.get('content-type')! })).body), { form: 'ink' });
  assert.is(ran, 4);
});

inputs('a body @Body read is used: the handler reading the request again gets a TypeError, as without @Idempotent', async () => {
  const answer = await post(app(), '/inputs/dto-then-request');
  assert.equal(await answer.json(), { dto: 'book', again: 'TypeError', used: true });
});

inputs('a bad body is the same 4xx: 400 for broken JSON, 422 for a DTO it fails, 415 for a form sent to @Body', async () => {
  const handler = app();
  assert.is((await post(handler, '/inputs/dto', '{nope')).status, 400);
  assert.is((await post(handler, '/inputs/dto', JSON.stringify({ item: 1 }))).status, 422);
  assert.is((await post(handler, '/inputs/schema', JSON.stringify({ item: 1 }))).status, 422);
  assert.is((await post(handler, '/inputs/dto', 'item=a', { 'content-type': 'application/x-www-form-urlencoded' })).status, 415);
  assert.is(ran, 0);
});

inputs('past bodyLimit: 413 before the handler, whether the length is declared or the body is a stream', async () => {
  const handler = app(undefined, 16);
  const declared = await post(handler, '/inputs/dto', ORDER_TEXT);
  assert.is(declared.status, 413);
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(ORDER_TEXT));
      controller.close();
    },
  });
  const chunked = await handler.handle(
    new Request('http://localhost/api/inputs/dto', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'big' }, body: stream, duplex: 'half' } as RequestInit),
  );
  assert.is(chunked.status, 413);
  assert.is(ran, 0);
});

// A client that disconnects halfway through its body is its own mistake: the 400 readBody gives, not a 500 from the
// idempotency step's read, and the key is not left locked.
inputs('a body cut off by the client: 400 without onError or a log, and the key free for the retry', async () => {
  const seen: unknown[] = [];
  const handler = app(undefined, undefined, (error) => void seen.push(error));
  const stream = cutOffBody('{"item":');
  const printed = await captureConsole(async () => {
    const cut = await handler.handle(
      new Request('http://localhost/api/inputs/dto', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'cut' }, body: stream, duplex: 'half' } as RequestInit),
    );
    assert.is(cut.status, 400);
    assert.match(await cut.text(), 'cut off');
  });
  assert.equal(seen, []);
  assert.equal(printed.error, []);
  const retried = await post(handler, '/inputs/dto', ORDER_TEXT, { 'idempotency-key': 'cut' });
  assert.is(retried.status, 201);
  assert.is(ran, 1);
});

inputs.run();

const answers = suite('@Idempotent: the stored answer');

answers.before.each(() => {
  ran = 0;
});

/** A store that keeps what it is given, to read the records idempotency writes. */
function recordingStore() {
  const values = new Map<string, string>();
  const store: ApplicationStore = {
    hit: () => [],
    add: (key, value) => (values.has(key) ? false : (values.set(key, value), true)),
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
  };
  return { store, values };
}

answers("a route's value is stored as the JSON text it was sent as (no base64), and the Response goes out as built", async () => {
  const { store, values } = recordingStore();
  const handler = app(store);
  await twice(handler, '/inputs/dto');
  const [record] = [...values.values()].map((value) => JSON.parse(value));
  assert.is(record.state, 'done');
  assert.is(record.text, JSON.stringify({ dto: 'book', quantity: 2, instance: true }));
  assert.is(record.body, undefined);
});

answers('context.json() with a status and headers: replayed with both', async () => {
  const handler = app();
  const key = 'json-answer';
  const first = await post(handler, '/answers/json', ORDER_TEXT, {}, key);
  const again = await post(handler, '/answers/json', ORDER_TEXT, {}, key);
  for (const answer of [first, again]) {
    assert.is(answer.status, 202);
    assert.is(answer.headers.get('x-custom'), 'kept');
    assert.is(answer.headers.get('content-type'), 'application/json');
    assert.equal(await answer.json(), { run: 1 });
  }
  assert.is(again.headers.get('idempotency-replayed'), 'true');
});

answers("a Response the handler made itself is read, stored (base64) and sent again byte for byte", async () => {
  const { store, values } = recordingStore();
  const handler = app(store);
  const key = 'own';
  const first = await post(handler, '/answers/own', ORDER_TEXT, {}, key);
  assert.equal([...new Uint8Array(await first.arrayBuffer())], [0, 255, 1]);
  const again = await post(handler, '/answers/own', ORDER_TEXT, {}, key);
  assert.is(again.status, 201);
  assert.equal([...new Uint8Array(await again.arrayBuffer())], [0, 255, 1]);
  assert.is(again.headers.get('content-type'), 'application/octet-stream');
  const [record] = [...values.values()].map((value) => JSON.parse(value));
  assert.is(record.body, 'AP8B');
  assert.is(record.text, undefined);
});

answers('a route that returns nothing: 204 without a body, replayed so', async () => {
  const handler = app();
  const key = 'nothing';
  const first = await post(handler, '/answers/nothing', ORDER_TEXT, {}, key);
  const again = await post(handler, '/answers/nothing', ORDER_TEXT, {}, key);
  for (const answer of [first, again]) {
    assert.is(answer.status, 204);
    assert.is(answer.body, null);
  }
  assert.is(again.headers.get('idempotency-replayed'), 'true');
  assert.is(ran, 1);
});

answers('the response hook is set only while an idempotent request runs', async () => {
  const handler = app();
  assert.is(built.seen, undefined);
  const pending = post(handler, '/inputs/dto');
  await (await pending).text();
  assert.is(built.seen, undefined, 'unset once it has answered');
});

answers.run();

const fingerprints = suite('@Idempotent: the payload fingerprint');

fingerprints("Node's hash and WebCrypto's (Edge) agree: SHA-256 of the body, hex", async () => {
  const { nodeDigest, webDigest } = await import('../../runtime/idempotency/idempotency');
  const abc = new TextEncoder().encode('abc');
  const expected = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
  assert.is(nodeDigest(abc), expected);
  assert.is(await webDigest(abc), expected);
  // A view into a larger buffer (a stream's chunk) hashes only its own bytes.
  const view = new Uint8Array([0, 0x61, 0x62, 0x63, 0]).subarray(1, 4);
  assert.is(nodeDigest(view), expected);
  assert.is(await webDigest(view), expected);
});

fingerprints.run();
