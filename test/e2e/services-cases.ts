// Issue 43 on `next start` of the isolated app's build (test/fixtures/isolated-app/src/features/services): webhooks
// signed by the senders' own libraries, two instances of the same build sharing one Redis (webhook de-duplication and
// Idempotency-Key), and pino's JSON lines. isolated.test.ts registers these cases on each of its suites.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import Stripe from 'stripe';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { startRedis, type RunningRedis } from '../support/redis-server';
import { send, startExample, type RawResponse, type RunningServer } from './harness';

// The fixture's secrets (src/features/services/controller.ts).
const STANDARD_SECRET = 'whsec_' + Buffer.from('isolated app standard webhooks!!').toString('base64');
const STRIPE_SECRET = 'whsec_isolated_stripe_secret';
const stripe = new Stripe('sk_test_unused');
const sender = new StandardWebhook(STANDARD_SECRET);

interface Services {
  redis: RunningRedis;
  /** Two `next start` of the build on one Redis; the first logs with pino into `logFile`. */
  first: RunningServer;
  second: RunningServer;
  logFile: string;
  logDir: string;
}

function standard(port: number, body: string, { id = `msg_${randomUUID()}`, at = new Date(), signedBody = body } = {}): Promise<RawResponse> {
  const signature = sender.sign(id, at, signedBody);
  return send(port, 'POST', '/api/services/hooks/standard', {
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature },
    body,
  });
}

const ranCount = async (port: number, name: string) => (await send(port, 'GET', `/api/services/ran/${encodeURIComponent(name)}`)).json().ran as number;

/** The pino lines written so far, parsed. */
const logLines = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/** What the isolated suite gives these cases once its own setup ran. */
export interface ServicesSetup {
  /** The built app's folder (undefined when the suite's setup failed). */
  dir?: string;
  /** The environment its `next start` gets (the JWKS address). */
  env: Record<string, string>;
  /** A JWT the app accepts, for `sub`. */
  bearer(sub: string): Promise<string>;
}

/** Registers the cases on an isolated suite: starts Redis and the two instances after the suite's own setup, stops them after. */
export function servicesCases(test: Test, setup: () => ServicesSetup): void {
  let services: Services | undefined;
  let setupError: unknown;
  test.before(async () => {
    const { dir: folder, env } = setup();
    if (!folder) return;
    try {
      const redis = await startRedis();
      const logDir = mkdtempSync(join(tmpdir(), 'nac-services-log-'));
      const logFile = join(logDir, 'requests.log');
      const [first, second] = await Promise.all([
        startExample(30_000, folder, '/api/items/ready', { ...env, REDIS_URL: redis.url, LOG_FILE: logFile }),
        startExample(30_000, folder, '/api/items/ready', { ...env, REDIS_URL: redis.url }),
      ]);
      services = { redis, first, second, logFile, logDir };
    } catch (error) {
      setupError = error;
    }
  });
  test.after(async () => {
    await services?.first.stop();
    await services?.second.stop();
    await services?.redis.stop();
    if (services) rmSync(services.logDir, { recursive: true, force: true });
  });
  const running = () => {
    if (setupError || !services) throw setupError ?? new Error('the services instances did not start');
    return services;
  };

  test('webhooks on next start: signed by standardwebhooks and by Stripe 2xx, tampered and stale 401, a replayed delivery answered with the first answer', async () => {
    const { first } = running();
    const id = `msg_${randomUUID()}`;
    const body = JSON.stringify({ type: 'invoice.paid' });
    const ok = await standard(first.port, body, { id });
    assert.is(ok.status, 202, ok.text);
    assert.equal(ok.json(), { received: 'invoice.paid', run: 1 });

    const tampered = await standard(first.port, body.replace('paid', 'void'), { signedBody: body });
    assert.is(tampered.status, 401, tampered.text);
    assert.ok(tampered.json().requestId, tampered.text);
    const stale = await standard(first.port, body, { at: new Date(Date.now() - 10 * 60_000) });
    assert.is(stale.status, 401, stale.text);

    const replay = await standard(first.port, body, { id });
    assert.is(replay.status, 202, replay.text);
    assert.equal(replay.json(), { received: 'invoice.paid', run: 1 });
    assert.is(await ranCount(first.port, `standard:${id}`), 1);

    const type = `charge.succeeded.${randomUUID()}`;
    const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type });
    const stripeSend = (header: string, sent = payload) =>
      send(first.port, 'POST', '/api/services/hooks/stripe', { headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: sent });
    const signed = await stripeSend(stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }));
    assert.is(signed.status, 200, signed.text);
    assert.equal(signed.json(), { received: type, run: 1 });
    assert.is((await stripeSend(stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }), payload.replace('succeeded', 'failed'))).status, 401);
    assert.is((await stripeSend(stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 }))).status, 401);
    const again = await stripeSend(stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }));
    assert.is(again.status, 200, again.text);
    assert.equal(again.json(), { received: type, run: 1 });
    assert.is(await ranCount(first.port, `stripe:${type}`), 1);
  });

  test('two instances on one Redis: one webhook-id delivered to both runs the handler once', async () => {
    const { first, second } = running();
    const id = `msg_${randomUUID()}`;
    const body = JSON.stringify({ type: 'order.shipped' });
    const answers = await Promise.all([standard(first.port, body, { id }), standard(second.port, body, { id }), standard(second.port, body, { id })]);
    for (const answer of answers) assert.ok(answer.status === 202 || answer.status === 409, `${answer.status} ${answer.text}`);
    // Once the first has finished, both instances answer with its stored answer.
    for (const port of [first.port, second.port]) {
      const later = await standard(port, body, { id });
      assert.is(later.status, 202, later.text);
      assert.equal(later.json(), { received: 'order.shipped', run: 1 });
    }
    assert.is(await ranCount(second.port, `standard:${id}`), 1);
  });

  test('two instances on one Redis: 100 concurrent retries of one Idempotency-Key run the handler once; each answer the stored one or a 409; another payload 422', async () => {
    const { first, second } = running();
    const key = randomUUID();
    const order = JSON.stringify({ item: 'book', quantity: 2 });
    const post = (port: number, body = order) => send(port, 'POST', '/api/services/orders', { headers: { 'content-type': 'application/json', 'idempotency-key': key }, body, timeoutMs: 30_000 });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => post(i % 2 ? second.port : first.port)));
    const created = answers.filter((answer) => answer.status === 201);
    const busy = answers.filter((answer) => answer.status === 409);
    assert.is(created.length + busy.length, 100, answers.map((answer) => `${answer.status} ${answer.text}`).join('\n'));
    assert.ok(created.length >= 1);
    assert.ok(busy.length > 0, 'the retries while the first ran were 409s');
    for (const answer of created) assert.equal(answer.json(), { item: 'book', quantity: 2, run: 1 });
    assert.is(created.filter((answer) => answer.headers['idempotency-replayed'] !== 'true').length, 1, 'one answer ran the handler, the others were replayed');
    for (const answer of busy) assert.ok(answer.json().requestId, answer.text);

    for (const port of [first.port, second.port]) {
      const replay = await post(port);
      assert.is(replay.status, 201, replay.text);
      assert.is(replay.headers['idempotency-replayed'], 'true');
      assert.equal(replay.json(), { item: 'book', quantity: 2, run: 1 });
    }
    assert.is(await ranCount(first.port, `order:${key}`), 1);
    const other = await post(second.port, JSON.stringify({ item: 'book', quantity: 3 }));
    assert.is(other.status, 422, other.text);
    const missing = await send(first.port, 'POST', '/api/services/orders', { headers: { 'content-type': 'application/json' }, body: order });
    assert.is(missing.status, 400, missing.text);
  });

  test('log with pino in JSON: one line per request (method, route template, status, duration, request id, principal, validation errors), no secrets; X-Request-Id kept when sane', async () => {
    const { first, logFile } = running();
    const token = await setup().bearer('log-user');
    const sane = `req-${randomUUID()}`;
    const me = await send(first.port, 'GET', '/api/account/me', { headers: { authorization: `Bearer ${token}`, cookie: 'sid=secret-cookie', 'x-request-id': sane } });
    assert.is(me.status, 200, me.text);
    assert.is(me.headers['x-request-id'], sane);

    const insane = 'not sane! <script>';
    const invalid = await send(first.port, 'POST', '/api/items?secret=query', {
      headers: { 'content-type': 'application/json', 'x-request-id': insane },
      body: JSON.stringify({ title: 'secret-body', tags: [{ name: '' }, { name: '' }] }),
    });
    assert.is(invalid.status, 422, invalid.text);
    const replaced = String(invalid.headers['x-request-id']);
    assert.ok(replaced && replaced !== insane, replaced);
    assert.is(invalid.json().requestId, replaced, 'the error body names the answer\'s request id');

    const boom = await send(first.port, 'GET', '/api/services/boom');
    assert.is(boom.status, 500);
    const boomId = String(boom.headers['x-request-id']);
    assert.is(boom.json().requestId, boomId);

    // pino writes synchronously after each response; the line may follow the answer by a tick.
    let lines: Record<string, unknown>[] = [];
    for (let tries = 0; tries < 50; tries++) {
      lines = logLines(logFile);
      if ([sane, replaced, boomId].every((id) => lines.some((line) => line.requestId === id))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const line = (id: string) => {
      const found = lines.filter((entry) => entry.requestId === id);
      assert.is(found.length, 1, `one line for ${id}: ${JSON.stringify(lines)}`);
      return found[0]!;
    };
    const meLine = line(sane);
    assert.is(meLine.method, 'GET');
    assert.is(meLine.route, '/api/account/me');
    assert.is(meLine.status, 200);
    assert.is(meLine.principalId, 'jwt:log-user', 'the principal id, named by its scheme');
    assert.is(meLine.level, 30);
    assert.type(meLine.durationMs, 'number');
    const invalidLine = line(replaced);
    assert.equal([invalidLine.method, invalidLine.route, invalidLine.status, invalidLine.validationErrors, invalidLine.level], ['POST', '/api/items', 422, 2, 40]);
    const boomLine = line(boomId);
    assert.equal([boomLine.route, boomLine.status, boomLine.level], ['/api/services/boom', 500, 50]);
    assert.match(JSON.stringify(boomLine.err), 'boom (a 5xx for the log)');
    const text = readFileSync(logFile, 'utf8');
    for (const secret of [token, 'secret-cookie', 'secret-body', 'secret=query', 'authorization', 'cookie']) assert.not.match(text, secret);
  });
}
