import 'reflect-metadata';
import { createHmac } from 'node:crypto';
import { Redis } from 'ioredis';
import { IsString } from 'class-validator';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Body, Controller, createApplication, generateOpenApiDocument, Get, githubWebhooks, HttpCode, Idempotent, Post, redisStore, standardWebhooks, stripeWebhooks, Webhook, type ApplicationOptions, type RouteContext } from '../../runtime';
import { captureConsole } from './helpers';
import { startRedis, type RunningRedis } from '../support/redis-server';

const SECRET = 'whsec_' + Buffer.from('a secret of thirty-two bytes!!!!').toString('base64');
const OLD_SECRET = 'whsec_' + Buffer.from('the old secret, being rotated out').toString('base64');
const STRIPE_SECRET = 'whsec_stripe_test_secret';
const GITHUB_SECRET = 'github secret';
const stripe = new Stripe('sk_test_unused');

class EventDto {
  @IsString()
  type!: string;
}

let ran = 0;

@Controller('/hooks')
class HooksController {
  @Post('standard')
  @Webhook({ verify: standardWebhooks([SECRET, OLD_SECRET]) })
  @HttpCode(202)
  standard(@Body(EventDto) event: EventDto) {
    ran++;
    return { received: event.type, run: ran };
  }

  @Post('stripe')
  @Webhook({ verify: stripeWebhooks(STRIPE_SECRET) })
  stripe(@Body(EventDto) event: EventDto) {
    ran++;
    return { received: event.type, run: ran };
  }

  @Post('github')
  @Webhook({ verify: githubWebhooks(GITHUB_SECRET) })
  github(@Body(EventDto) event: EventDto) {
    ran++;
    return { received: event.type, run: ran };
  }

  @Post('idempotent')
  @Webhook({ verify: standardWebhooks(SECRET) })
  @Idempotent()
  async idempotent(@Body(EventDto) event: EventDto, context: RouteContext) {
    ran++;
    return { received: event.type, used: context.request.bodyUsed, again: await context.request.text().catch((error: Error) => error.name) };
  }

  @Post('form')
  @Webhook({ verify: githubWebhooks(GITHUB_SECRET) })
  async form(context: RouteContext) {
    ran++;
    return { form: Object.fromEntries(new URLSearchParams(await context.request.text())) };
  }
}

const app = (options: Partial<ApplicationOptions> = {}) => createApplication({ controllers: [HooksController], ...options });

function standardPost(target: ReturnType<typeof app>, body: string, { id = `msg_${Math.random()}`, secret = SECRET, at = new Date() } = {}) {
  const signature = new StandardWebhook(secret).sign(id, at, body);
  const headers = { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
  return { headers, send: (override: Record<string, string> = {}, sent = body) => target.fetch(new Request('http://localhost/api/hooks/standard', { method: 'POST', headers: { ...headers, ...override }, body: sent })) };
}

const test = suite('@Webhook');

test('Standard Webhooks: a request signed by the standardwebhooks package runs and @Body validates its JSON', async () => {
  ran = 0;
  const response = await standardPost(app(), JSON.stringify({ type: 'order.paid' })).send();
  assert.is(response.status, 202);
  assert.equal(await response.json(), { received: 'order.paid', run: 1 });
});

test('Standard Webhooks: a tampered body, a tampered signature, a stale timestamp or no signature is a 401 and the handler never runs', async () => {
  ran = 0;
  const target = app();
  const body = JSON.stringify({ type: 'order.paid' });
  const tamperedBody = await standardPost(target, body).send({}, JSON.stringify({ type: 'order.refunded' }));
  assert.is(tamperedBody.status, 401);
  assert.match((await tamperedBody.json()).message, /signature does not match/);
  const signed = standardPost(target, body);
  const signature = signed.headers['webhook-signature'];
  const flipped = signature.slice(0, 5) + (signature[5] === 'A' ? 'B' : 'A') + signature.slice(6);
  assert.is((await signed.send({ 'webhook-signature': flipped })).status, 401);
  const stale = await standardPost(target, body, { at: new Date(Date.now() - 6 * 60 * 1000) }).send();
  assert.is(stale.status, 401);
  assert.match((await stale.json()).message, /tolerance/);
  assert.is((await standardPost(target, body, { at: new Date(Date.now() + 6 * 60 * 1000) }).send()).status, 401);
  assert.is((await signed.send({ 'webhook-signature': '' })).status, 401);
  assert.is(ran, 0);
});

test('Standard Webhooks: several secrets while rotating, and several signatures in the header', async () => {
  ran = 0;
  const target = app();
  const body = JSON.stringify({ type: 'order.paid' });
  assert.is((await standardPost(target, body, { secret: OLD_SECRET }).send()).status, 202);
  const other = 'whsec_' + Buffer.from('a secret nobody configured').toString('base64');
  assert.is((await standardPost(target, body, { secret: other }).send()).status, 401);
  const id = 'msg_two_signatures';
  const at = new Date();
  const both = `${new StandardWebhook(other).sign(id, at, body)} ${new StandardWebhook(SECRET).sign(id, at, body)}`;
  assert.is((await standardPost(target, body, { id, at }).send({ 'webhook-signature': both })).status, 202);
  assert.is(ran, 2);
});

test('a replayed delivery id gets the first answer with Webhook-Replayed: true, and the handler ran once', async () => {
  ran = 0;
  const target = app();
  const body = JSON.stringify({ type: 'order.paid' });
  const first = await standardPost(target, body, { id: 'msg_replayed' }).send();
  const second = await standardPost(target, body, { id: 'msg_replayed' }).send();
  assert.is(ran, 1);
  assert.is(second.status, first.status);
  assert.equal(await second.json(), await first.json());
  assert.is(first.headers.get('webhook-replayed'), null);
  assert.is(second.headers.get('webhook-replayed'), 'true');
  assert.is(second.headers.get('content-type'), first.headers.get('content-type'));
});

test('@Webhook with @Idempotent: the bytes are read once for both, @Body gets them, the body is used after, a retry is replayed', async () => {
  ran = 0;
  const target = app();
  const body = JSON.stringify({ type: 'invoice.paid' });
  // Signed once, by the same helper as the other Standard Webhooks cases (its timestamp is the one signed).
  const { headers } = standardPost(target, body);
  const send = () => target.handle(new Request('http://localhost/api/hooks/idempotent', { method: 'POST', headers: { ...headers, 'idempotency-key': headers['webhook-id'] }, body }));
  const first = await send();
  assert.is(first.status, 200, await first.clone().text());
  assert.equal(await first.json(), { received: 'invoice.paid', used: true, again: 'TypeError' });
  const retry = await send();
  assert.is(retry.status, 200);
  assert.equal(await retry.json(), { received: 'invoice.paid', used: true, again: 'TypeError' });
  assert.is(ran, 1);
});

test('@Body still validates the verified JSON: a signed body failing the DTO is its 400/422', async () => {
  ran = 0;
  const response = await standardPost(app(), JSON.stringify({ type: 42 })).send();
  assert.ok(response.status === 400 || response.status === 422, String(response.status));
  assert.is(ran, 0);
});

test('Stripe: signed by stripe.webhooks.generateTestHeaderString; tampered, stale, replayed', async () => {
  ran = 0;
  const target = app();
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.succeeded' });
  const send = (header: string, body = payload) => target.fetch(new Request('http://localhost/api/hooks/stripe', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body }));
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET });
  const ok = await send(header);
  assert.is(ok.status, 200);
  assert.equal(await ok.json(), { received: 'charge.succeeded', run: 1 });
  assert.is((await send(header, payload.replace('succeeded', 'failed'))).status, 401);
  assert.is((await send(stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }))).status, 401);
  assert.is((await send(stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 }))).status, 401);
  const replay = await send(stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }));
  assert.equal(await replay.json(), { received: 'charge.succeeded', run: 1 });
  assert.is(ran, 1);
});

function githubSignature(body: string, secret = GITHUB_SECRET) {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

test('GitHub: X-Hub-Signature-256 computed with node:crypto; tampered; X-GitHub-Delivery de-duplicates', async () => {
  ran = 0;
  const target = app();
  const body = JSON.stringify({ type: 'push' });
  const send = (headers: Record<string, string>, sent = body) => target.fetch(new Request('http://localhost/api/hooks/github', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: sent }));
  const ok = await send({ 'x-hub-signature-256': githubSignature(body), 'x-github-delivery': 'd-1' });
  assert.is(ok.status, 200);
  assert.is((await send({ 'x-hub-signature-256': githubSignature(body), 'x-github-delivery': 'd-2' }, '{"type":"pull"}')).status, 401);
  assert.is((await send({ 'x-hub-signature-256': githubSignature(body, 'wrong'), 'x-github-delivery': 'd-3' })).status, 401);
  assert.is((await send({ 'x-hub-signature-256': githubSignature(body) })).status, 401);
  const replay = await send({ 'x-hub-signature-256': githubSignature(body), 'x-github-delivery': 'd-1' });
  assert.equal(await replay.json(), { received: 'push', run: 1 });
  assert.is(ran, 1);
});

test('a form-encoded webhook with a foreign Origin is not refused by the CSRF check', async () => {
  ran = 0;
  const body = 'payload=%7B%7D&kind=ping';
  const response = await app().fetch(new Request('http://localhost/api/hooks/form', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://github.example', 'sec-fetch-site': 'cross-site', 'x-hub-signature-256': githubSignature(body), 'x-github-delivery': 'f-1' },
    body,
  }));
  assert.is(response.status, 200);
  assert.equal(await response.json(), { form: { payload: '{}', kind: 'ping' } });
});

test('a body over the limit is a 413 before any verification', async () => {
  ran = 0;
  const body = JSON.stringify({ type: 'x'.repeat(2000) });
  const response = await standardPost(app({ bodyLimit: 1000 }), body).send();
  assert.is(response.status, 413);
  assert.is(ran, 0);
});

test('the document marks the route and documents its signature headers, Webhook-Replayed and the 401', async () => {
  const document = (await generateOpenApiDocument({ title: 'API', applications: [app()] })) as any;
  const standard = document.paths['/api/hooks/standard'].post;
  assert.equal(standard['x-webhook'], { provider: 'standard-webhooks' });
  const names = standard.parameters.filter((parameter: any) => parameter.in === 'header' && parameter.required).map((parameter: any) => parameter.name);
  assert.equal(names, ['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  assert.ok(standard.responses['401']);
  const success = Object.entries(standard.responses).filter(([status]) => status.startsWith('2'));
  assert.ok(success.length > 0);
  for (const [, response] of success) assert.equal((response as any).headers['Webhook-Replayed'].schema, { type: 'string', const: 'true' });
  assert.is(standard.responses['401'].headers?.['Webhook-Replayed'], undefined);
  assert.equal(document.paths['/api/hooks/stripe'].post.parameters.map((parameter: any) => parameter.name), ['Stripe-Signature']);
  assert.equal(document.paths['/api/hooks/github'].post.parameters.map((parameter: any) => parameter.name), ['X-Hub-Signature-256', 'X-GitHub-Delivery']);
});

test('@Webhook on a route other than POST is refused when the dispatcher is built', async () => {
  @Controller('/wrong')
  class WrongController {
    @Get()
    @Webhook({ verify: githubWebhooks('x') })
    list() {
      return [];
    }
  }
  const printed = await captureConsole(async () => {
    const answer = await createApplication({ controllers: [WrongController] })
      .handle(new Request('http://localhost/api/wrong'))
      .then(() => 'answered', (error: Error) => error.message);
    assert.match(answer, /WrongController\.list: @Webhook applies to POST routes, not GET/);
  });
  assert.ok(printed.error.length >= 1);
});

test.run();

const redis = suite('@Webhook across two applications sharing one Redis');
let server: RunningRedis | undefined;
const clients: Redis[] = [];

redis.before(async () => {
  server = await startRedis();
});

redis.after(async () => {
  for (const client of clients) client.disconnect();
  await server?.stop();
});

redis('two instances de-duplicate one webhook-id', async () => {
  ran = 0;
  const [one, two] = [new Redis(server!.url), new Redis(server!.url)];
  clients.push(one, two);
  const instances = [app({ store: redisStore(one) }), app({ store: redisStore(two) })];
  const body = JSON.stringify({ type: 'order.paid' });
  const first = await standardPost(instances[0], body, { id: 'msg_shared' }).send();
  const second = await standardPost(instances[1], body, { id: 'msg_shared' }).send();
  assert.is(ran, 1);
  assert.is(second.status, 202);
  assert.equal(await second.json(), await first.json());
});

redis.run();
