import 'reflect-metadata';
import { Redis } from 'ioredis';
import { IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Body, Controller, createApplication, generateOpenApiDocument, Get, HttpCode, Idempotent, memoryStore, Patch, Post, Sse, redisStore, type ApplicationOptions } from '../../runtime';
import { captureConsole } from './helpers';
import { startRedis, type RunningRedis } from '../support/redis-server';

class OrderDto {
  @IsString()
  item!: string;
}

let ran = 0;
let release: (() => void) | undefined;
let gate: Promise<void> | undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

@Controller('/orders')
@Idempotent()
class OrdersController {
  @Post()
  @HttpCode(201)
  async create(@Body(OrderDto) body: OrderDto) {
    ran++;
    const id = ran;
    if (gate) await gate;
    else await sleep(20);
    return { id, item: body.item };
  }

  @Patch(':id')
  update(@Body(OrderDto) body: OrderDto) {
    ran++;
    return { updated: body.item, run: ran };
  }

  @Get()
  list() {
    ran++;
    return [];
  }

  @Post('fail')
  fail() {
    ran++;
    throw new Error('broke');
  }
}

@Controller('/payments')
class PaymentsController {
  @Post()
  @Idempotent({ required: true, ttl: 60_000 })
  pay(@Body(OrderDto) body: OrderDto) {
    ran++;
    return { paid: body.item };
  }
}

const app = (options: Partial<ApplicationOptions> = {}) => createApplication({ controllers: [OrdersController, PaymentsController], onError: () => {}, ...options });
const post = (handler: { handle(request: Request): Promise<Response> }, path: string, body: unknown, key?: string, method = 'POST') =>
  handler.handle(
    new Request(`http://localhost/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
      body: JSON.stringify(body),
    }),
  );

const test = suite('@Idempotent');

test.before.each(() => {
  ran = 0;
  gate = undefined;
  release = undefined;
});

test('a repeat with the same key and payload gets the stored answer, marked, without running the handler', async () => {
  const handler = app();
  const first = await post(handler, '/orders', { item: 'tea' }, 'k1');
  assert.is(first.status, 201);
  assert.equal(await first.json(), { id: 1, item: 'tea' });
  assert.is(first.headers.get('idempotency-replayed'), null);
  const again = await post(handler, '/orders', { item: 'tea' }, 'k1');
  assert.is(again.status, 201);
  assert.equal(await again.json(), { id: 1, item: 'tea' });
  assert.is(again.headers.get('idempotency-replayed'), 'true');
  assert.is(again.headers.get('content-type'), first.headers.get('content-type'));
  assert.ok(again.headers.get('x-request-id'));
  assert.is.not(again.headers.get('x-request-id'), first.headers.get('x-request-id'), 'the replay has its own request id');
  assert.is(ran, 1);
});

test('the same key with another payload is a 422; without a key every request runs', async () => {
  const handler = app();
  await post(handler, '/orders', { item: 'tea' }, 'k2');
  const other = await post(handler, '/orders', { item: 'coffee' }, 'k2');
  assert.is(other.status, 422);
  assert.is((await other.json()).message, 'This Idempotency-Key was used with another request payload');
  await post(handler, '/orders', { item: 'tea' });
  await post(handler, '/orders', { item: 'tea' });
  assert.is(ran, 3);
});

test('required and no key: 400; a key that is not a sane token: 400', async () => {
  const handler = app();
  const missing = await post(handler, '/payments', { item: 'x' });
  assert.is(missing.status, 400);
  assert.is((await missing.json()).message, 'This request needs an Idempotency-Key header');
  const bad = await post(handler, '/payments', { item: 'x' }, 'a'.repeat(256));
  assert.is(bad.status, 400);
  assert.is(ran, 0);
});

test('a controller-level @Idempotent applies to PATCH, not to GET; a 5xx frees the key for a retry', async () => {
  const handler = app();
  await post(handler, '/orders/1', { item: 'a' }, 'p1', 'PATCH');
  const replay = await post(handler, '/orders/1', { item: 'a' }, 'p1', 'PATCH');
  assert.is(replay.headers.get('idempotency-replayed'), 'true');
  await handler.handle(new Request('http://localhost/api/orders', { headers: { 'idempotency-key': 'g' } }));
  await handler.handle(new Request('http://localhost/api/orders', { headers: { 'idempotency-key': 'g' } }));
  assert.is(ran, 3);
  assert.is((await post(handler, '/orders/fail', {}, 'f1')).status, 500);
  assert.is((await post(handler, '/orders/fail', {}, 'f1')).status, 500, 'ran again: a failure is not kept');
  assert.is(ran, 5);
});

test('100 concurrent retries of one POST: the handler runs once, each answer is the stored one or a 409', async () => {
  const handler = app();
  gate = new Promise<void>((resolve) => (release = resolve));
  const first = post(handler, '/orders', { item: 'tea' }, 'same');
  await sleep(5);
  const retries = Array.from({ length: 100 }, () => post(handler, '/orders', { item: 'tea' }, 'same'));
  // Long enough for the retries to meet the lock while the first still runs.
  await sleep(200);
  release!();
  const answers = await Promise.all([first, ...retries]);
  assert.is(ran, 1);
  for (const answer of answers) {
    if (answer.status === 409) continue;
    assert.is(answer.status, 201);
    assert.equal(await answer.json(), { id: 1, item: 'tea' });
  }
  assert.ok(answers.filter((answer) => answer.status === 409).length > 0, 'the retries while it ran were 409s');
  const late = await post(handler, '/orders', { item: 'tea' }, 'same');
  assert.is(late.headers.get('idempotency-replayed'), 'true');
});

test('a key in flight is 409 while the first request runs (the lock expires by itself: store.test.ts)', async () => {
  const shared = memoryStore();
  const handler = app({ store: shared });
  gate = new Promise<void>((resolve) => (release = resolve));
  const first = post(handler, '/orders', { item: 'x' }, 'inflight');
  await sleep(5);
  const during = await post(handler, '/orders', { item: 'x' }, 'inflight');
  assert.is(during.status, 409);
  release!();
  assert.is((await first).status, 201);
});

test('streams and downloads are refused when the application is created', async () => {
  @Controller('/events')
  class EventsController {
    @Post()
    @Idempotent()
    @Sse()
    async *events() {
      yield 1;
    }
  }
  const printed = await captureConsole(async () => {
    const answer = await createApplication({ controllers: [EventsController] })
      .handle(new Request('http://localhost/api/events', { method: 'POST' }))
      .then(() => 'answered', (error: Error) => error.message);
    assert.match(answer, /EventsController\.events: @Idempotent cannot replay a stream or a download/);
  });
  assert.ok(printed.error.length >= 1);
});

test('the document gives the operation its Idempotency-Key header, the 409 and the 422, and not to GET routes', async () => {
  const handler = createApplication({ basePath: '/documented', controllers: [OrdersController, PaymentsController] });
  const doc = (await generateOpenApiDocument({ title: 'API', applications: [handler] })) as any;
  const create = doc.paths['/documented/orders'].post;
  const header = create.parameters.find((parameter: { name: string }) => parameter.name === 'Idempotency-Key');
  assert.equal([header.in, header.required], ['header', false]);
  assert.ok(create.responses['409']);
  assert.match(create.responses['422'].description, /Idempotency-Key was used with another payload/);
  assert.ok(create.responses['201'].headers['Idempotency-Replayed']);
  const pay = doc.paths['/documented/payments'].post;
  assert.is(pay.parameters.find((parameter: { name: string }) => parameter.name === 'Idempotency-Key').required, true);
  assert.ok(pay.responses['400']);
  assert.is(doc.paths['/documented/orders'].get.parameters, undefined);
});

test.run();

const redis = suite('@Idempotent across two applications sharing one Redis');
let server: RunningRedis | undefined;
const clients: Redis[] = [];

redis.before(async () => {
  server = await startRedis();
});

redis.after(async () => {
  for (const client of clients) client.disconnect();
  await server?.stop();
});

redis('100 concurrent retries spread over two instances: the handler runs once, each answer the stored one or a 409', async () => {
  ran = 0;
  const [one, two] = [new Redis(server!.url), new Redis(server!.url)];
  clients.push(one, two);
  const instances = [app({ store: redisStore(one) }), app({ store: redisStore(two) })];
  gate = new Promise<void>((resolve) => (release = resolve));
  const first = post(instances[0], '/orders', { item: 'tea' }, 'shared');
  await sleep(20);
  const retries = Array.from({ length: 100 }, (_, i) => post(instances[i % 2], '/orders', { item: 'tea' }, 'shared'));
  await sleep(300);
  release!();
  gate = undefined;
  const answers = await Promise.all([first, ...retries]);
  assert.is(ran, 1);
  for (const answer of answers) {
    if (answer.status === 409) continue;
    assert.is(answer.status, 201);
    assert.equal(await answer.json(), { id: 1, item: 'tea' });
  }
  assert.ok(answers.filter((answer) => answer.status === 409).length > 0, 'the retries while it ran were 409s');
  const late = await post(instances[1], '/orders', { item: 'tea' }, 'shared');
  assert.is(late.headers.get('idempotency-replayed'), 'true');
  assert.equal(await late.json(), { id: 1, item: 'tea' });
  assert.is((await post(instances[1], '/orders', { item: 'coffee' }, 'shared')).status, 422);
});

redis.run();
