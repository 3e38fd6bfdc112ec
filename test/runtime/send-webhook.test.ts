import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as z from 'zod';
import { sendWebhook, type WebhookDeliveryError } from '../../runtime/index';
import { isPrivateHost } from '../../runtime/webhooks/send-address';
import { rejection } from '../support/rejection';

// Issue 43, item 2: sendWebhook to a receiver on loopback (node:http) that verifies with the standardwebhooks package,
// not our code. Small backoffs keep the retries quick; allowPrivate lets the loopback receiver in.

const SECRET = `whsec_${Buffer.from('a sender secret of thirty-two by').toString('base64')}`;

interface Received {
  id: string;
  verified: unknown;
  agent?: string;
}

/** A receiver answering `statuses` in turn (the last one after), verifying each request with standardwebhooks. */
async function receiver(statuses: number[], options: { delay?: number; retryAfter?: string } = {}): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const verifier = new StandardWebhook(SECRET);
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = request.headers as IncomingHttpHeaders & Record<string, string>;
      let verified: unknown;
      try {
        verified = verifier.verify(Buffer.concat(chunks).toString('utf8'), headers);
      } catch (error) {
        verified = error;
      }
      received.push({ id: headers['webhook-id'], verified, agent: headers['user-agent'] });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)];
      const answer = () => {
        if (!response.destroyed) response.writeHead(status, options.retryAfter ? { 'retry-after': options.retryAfter } : {}).end();
      };
      if (options.delay) setTimeout(answer, options.delay);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise((resolve) => server.closeAllConnections() ?? server.close(() => resolve())),
  };
}

const fast = { secret: SECRET, allowPrivate: true, backoff: 5 };

test('a delivery verifies with the standardwebhooks package: the envelope { type, timestamp, data }, a msg_ id', async () => {
  const hook = await receiver([204]);
  try {
    const delivery = await sendWebhook(hook.url, 'order.created', { orderId: 'o_1', total: 42 }, fast);
    assert.equal(delivery.status, 204);
    assert.equal(delivery.attempts, 1);
    assert.match(delivery.id, /^msg_\w+$/);
    assert.equal(hook.received.length, 1);
    const body = hook.received[0].verified as { type: string; timestamp: string; data: unknown };
    assert.not.instance(body, Error, String(body));
    assert.equal(body.type, 'order.created');
    assert.equal(body.data, { orderId: 'o_1', total: 42 });
    assert.ok(Math.abs(Date.parse(body.timestamp) - Date.now()) < 10_000);
    assert.equal(hook.received[0].id, delivery.id);
    assert.equal(hook.received[0].agent, 'next-app-controllers');
  } finally {
    await hook.close();
  }
});

test('503, 503, then 200: three attempts with the same webhook-id, each verified', async () => {
  const hook = await receiver([503, 503, 200]);
  try {
    const delivery = await sendWebhook(hook.url, 'order.created', { n: 1 }, { ...fast, id: 'msg_fixed' });
    assert.equal(delivery, { status: 200, attempts: 3, id: 'msg_fixed' });
    assert.equal(hook.received.map((each) => each.id), ['msg_fixed', 'msg_fixed', 'msg_fixed']);
    for (const each of hook.received) assert.not.instance(each.verified, Error);
  } finally {
    await hook.close();
  }
});

test('a 400 is not retried: one attempt, rejected with the status', async () => {
  const hook = await receiver([400, 200]);
  try {
    const error = await rejection<WebhookDeliveryError>(sendWebhook(hook.url, 'order.created', {}, fast));
    assert.is(error.name, 'WebhookDeliveryError');
    assert.is(error.status, 400);
    assert.is(error.attempts, 1);
    assert.is(hook.received.length, 1);
  } finally {
    await hook.close();
  }
});

test('a 429 is retried, honouring its Retry-After within the budget', async () => {
  const hook = await receiver([429, 200], { retryAfter: '0' });
  try {
    assert.is((await sendWebhook(hook.url, 'order.created', {}, fast)).attempts, 2);
  } finally {
    await hook.close();
  }
});

test('a Retry-After past the budget ends the delivery at once', async () => {
  const hook = await receiver([429, 200], { retryAfter: '60' });
  try {
    const started = Date.now();
    const error = await rejection<WebhookDeliveryError>(sendWebhook(hook.url, 'order.created', {}, { ...fast, budget: 1_000 }));
    assert.is(error.status, 429);
    assert.is(error.attempts, 1);
    assert.ok(Date.now() - started < 1_000);
  } finally {
    await hook.close();
  }
});

test('every attempt failing: rejected with the last status after 1 + retries attempts', async () => {
  const hook = await receiver([500, 502, 503]);
  try {
    const error = await rejection<WebhookDeliveryError>(sendWebhook(hook.url, 'order.created', {}, fast));
    assert.is(error.status, 503);
    assert.is(error.attempts, 3);
    assert.match(error.message, /3 attempts.*503/);
    const more = await rejection<WebhookDeliveryError>(sendWebhook(hook.url, 'order.created', {}, { ...fast, retries: 4 }));
    assert.is(more.attempts, 5);
  } finally {
    await hook.close();
  }
});

test('each attempt times out: no status, retried, then rejected', async () => {
  const hook = await receiver([200], { delay: 500 });
  try {
    const started = Date.now();
    const error = await rejection<WebhookDeliveryError>(sendWebhook(hook.url, 'order.created', {}, { ...fast, timeout: 50, retries: 1 }));
    assert.is(error.status, undefined);
    assert.is(error.attempts, 2);
    assert.match(error.message, /timed out/);
    assert.ok(Date.now() - started < 450, `took ${Date.now() - started} ms`);
  } finally {
    await hook.close();
  }
});

test('a network error is retried (nothing listens), then rejected without a status', async () => {
  const hook = await receiver([200]);
  await hook.close();
  const error = await rejection<WebhookDeliveryError>(sendWebhook(hook.url, 'order.created', {}, fast));
  assert.is(error.attempts, 3);
  assert.is(error.status, undefined);
});

test('SSRF: loopback, private, link-local, localhost and IPv4-mapped endpoints are refused before connecting', async () => {
  let called = 0;
  const fetch = (async () => {
    called++;
    return new Response(null, { status: 200 });
  }) as typeof globalThis.fetch;
  for (const url of ['http://127.0.0.1/', 'http://[::1]/', 'http://10.1.2.3/', 'http://169.254.169.254/latest/meta-data', 'http://localhost:3000/', 'http://[::ffff:127.0.0.1]/', 'http://192.168.0.1/', 'http://100.64.0.1/', 'http://[fd00::1]/', 'http://[fe80::1]/', 'http://2130706433/']) {
    const error = await rejection<WebhookDeliveryError>(sendWebhook(url, 'order.created', {}, { secret: SECRET, fetch }));
    assert.is(error.name, 'WebhookDeliveryError', url);
    assert.is(error.attempts, 0, url);
    assert.match(error.message, /allowPrivate: true/, url);
  }
  assert.is(called, 0);
  const ok = await sendWebhook('https://93.184.215.14/hooks', 'order.created', {}, { secret: SECRET, fetch });
  assert.is(ok.status, 200);
});

test('SSRF: a host name is resolved (node:dns) and refused when any of its addresses is private', async () => {
  let called = 0;
  const fetch = (async () => {
    called++;
    return new Response(null, { status: 200 });
  }) as typeof globalThis.fetch;
  const zone: Record<string, string[]> = { 'rebind.example.test': ['93.184.215.14', '127.0.0.1'], 'inside.example.test': ['10.0.0.7'], 'public.example.test': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'] };
  const original = process.getBuiltinModule;
  const fake = { promises: { lookup: async (host: string) => (zone[host] ?? []).map((address) => ({ address })) } };
  process.getBuiltinModule = ((id: string) => (id === 'dns' ? fake : original(id))) as typeof process.getBuiltinModule;
  try {
    for (const [host, address] of [['rebind.example.test', '127.0.0.1'], ['inside.example.test', '10.0.0.7']]) {
      const error = await rejection<WebhookDeliveryError>(sendWebhook(`https://${host}/hooks`, 'order.created', {}, { secret: SECRET, fetch }));
      assert.match(error.message, `it resolves to ${address}`);
    }
    assert.is(called, 0);
    assert.is((await sendWebhook('https://public.example.test/hooks', 'order.created', {}, { secret: SECRET, fetch })).status, 200);
    assert.is(called, 1);
  } finally {
    process.getBuiltinModule = original;
  }
});

test('SSRF: localhost is refused, and allowPrivate: true lets the loopback receiver in', async () => {
  // `localhost` is refused by name; its address is what this machine's resolver gives (127.0.0.1 or ::1).
  const hook = await receiver([200]);
  try {
    const error = await rejection<WebhookDeliveryError>(sendWebhook(hook.url.replace('127.0.0.1', 'localhost'), 'order.created', {}, { secret: SECRET }));
    assert.match(error.message, /refused/);
    assert.is(hook.received.length, 0);
    const delivered = await sendWebhook(hook.url.replace('127.0.0.1', 'localhost'), 'order.created', {}, { ...fast });
    assert.is(delivered.status, 200);
  } finally {
    await hook.close();
  }
});

test('the address check knows the ranges', () => {
  for (const host of ['127.0.0.1', '0.0.0.0', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '169.254.169.254', '::1', '::', 'fc00::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', 'LOCALHOST', 'a.localhost', '[::1]']) {
    assert.ok(isPrivateHost(host), host);
  }
  for (const host of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '64:ff9b::808:808', 'example.com']) assert.not.ok(isPrivateHost(host), host);
});

test('bad arguments are TypeErrors naming the fix', async () => {
  const cases: [Parameters<typeof sendWebhook>, RegExp][] = [
    [['not a url', 'x', {}, { secret: SECRET }], /absolute http\(s\) URL/],
    [['ftp://example.com/', 'x', {}, { secret: SECRET }], /http\(s\) URL/],
    [['https://user:pass@example.com/', 'x', {}, { secret: SECRET }], /must not carry credentials/],
    [['https://example.com/', '', {}, { secret: SECRET }], /event type/],
    [['https://example.com/', 'x', {}, {} as never], /secret is required/],
    [['https://example.com/', 'x', {}, { secret: 'whsec_!!!' }], /whsec_<base64>/],
    [['https://example.com/', 'x', {}, { secret: SECRET, retries: -1 }], /retries/],
    [['https://example.com/', 'x', {}, { secret: SECRET, id: 'has space' }], /options.id/],
  ];
  for (const [args, message] of cases) {
    const error = await rejection<WebhookDeliveryError>(sendWebhook(...args));
    assert.instance(error, TypeError);
    assert.match(error.message, message);
  }
});

test('sendWebhook<typeof Dto> and <typeof schema> type the payload as the event declares it (checked by tsc)', () => {
  class PaidDto {
    orderId!: string;
  }
  const schema = z.object({ amount: z.number() });
  const check = (send: typeof sendWebhook) => {
    void send<typeof PaidDto>('https://example.com/', 'order.paid', { orderId: 'o_1' }, { secret: SECRET });
    void send<typeof schema>('https://example.com/', 'order.refunded', { amount: 3 }, { secret: SECRET });
    // @ts-expect-error: the DTO has no `total`
    void send<typeof PaidDto>('https://example.com/', 'order.paid', { total: 1 }, { secret: SECRET });
    // @ts-expect-error: `amount` is a number in the schema's output
    void send<typeof schema>('https://example.com/', 'order.refunded', { amount: 'three' }, { secret: SECRET });
    void send('https://example.com/', 'anything', { free: 'form' }, { secret: SECRET });
  };
  assert.type(check, 'function');
});

test.run();
