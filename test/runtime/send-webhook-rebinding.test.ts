import { spawn } from 'node:child_process';
import dns, { type LookupAddress } from 'node:dns';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sendWebhook, type WebhookDeliveryError } from '../../runtime/index';
import { rejection } from '../support/rejection';

// Issue 43, SSRF: on Node.js sendWebhook connects to the addresses it checked. A DNS-rebinding server answers a public
// address to the check and loopback to the connection; here `node:dns` itself is patched (the object
// `process.getBuiltinModule('dns')` returns is this one) so that names under example.test answer in turn, and a
// receiver on 127.0.0.1 counts every connection it gets.

const SECRET = `whsec_${Buffer.from('a sender secret of thirty-two by').toString('base64')}`;
const PUBLIC = '198.51.100.7'; // TEST-NET-2: public to the check, routed nowhere

/** Patches dns.lookup and dns.promises.lookup: names under example.test get `answers` in turn (the last one after). */
function zone(answers: string[]): { lookups: string[]; restore(): void } {
  const lookups: string[] = [];
  const { lookup } = dns;
  const promised = dns.promises.lookup;
  const answer = (host: string): LookupAddress[] => {
    lookups.push(host);
    const address = answers[Math.min(lookups.length - 1, answers.length - 1)];
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  const ours = (host: string) => host.endsWith('.example.test');
  dns.lookup = ((host: string, options: unknown, callback?: unknown) => {
    if (!ours(host)) return (lookup as (...args: unknown[]) => void)(host, options, callback);
    const done = (typeof options === 'function' ? options : callback) as (error: Error | null, address: unknown, family?: number) => void;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    const addresses = answer(host);
    process.nextTick(() => (all ? done(null, addresses) : done(null, addresses[0].address, addresses[0].family)));
  }) as typeof dns.lookup;
  dns.promises.lookup = (async (host: string, options?: unknown) => {
    if (!ours(host)) return (promised as (...args: unknown[]) => Promise<unknown>)(host, options);
    const addresses = answer(host);
    return typeof options === 'object' && options !== null && (options as { all?: boolean }).all ? addresses : addresses[0];
  }) as typeof dns.promises.lookup;
  return {
    lookups,
    restore() {
      dns.lookup = lookup;
      dns.promises.lookup = promised;
    },
  };
}

/** A receiver on 127.0.0.1 answering `statuses` in turn, verifying with standardwebhooks, counting connections. */
async function receiver(statuses: number[]): Promise<{ port: number; connections: number; verified: unknown[]; close(): Promise<void> }> {
  const verifier = new StandardWebhook(SECRET);
  const state = { connections: 0, verified: [] as unknown[] };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        state.verified.push(verifier.verify(Buffer.concat(chunks).toString('utf8'), request.headers as IncomingHttpHeaders & Record<string, string>));
      } catch (error) {
        state.verified.push(error);
      }
      response.writeHead(statuses[Math.min(state.verified.length - 1, statuses.length - 1)]).end();
    });
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.closeAllConnections() ?? server.close(() => resolve())),
  });
}

test('DNS rebinding: a name answering a public address to the check and loopback to the connection is refused, the receiver never reached', async () => {
  const hook = await receiver([204]);
  const names = zone([PUBLIC, '127.0.0.1']);
  try {
    const error = await rejection<WebhookDeliveryError>(sendWebhook(`http://rebind.example.test:${hook.port}/hooks`, 'order.created', {}, { secret: SECRET, backoff: 5, timeout: 1_000 }));
    assert.is(error.name, 'WebhookDeliveryError');
    assert.is(error.message, `sendWebhook: refused http://rebind.example.test:${hook.port}: it resolves to 127.0.0.1, a loopback, private or link-local address. Pass allowPrivate: true to send to it.`);
    assert.is(error.attempts, 0);
    assert.is(error.status, undefined);
    assert.is(hook.connections, 0);
    assert.is(names.lookups.length, 2, 'the check, then the connection: no retry after a refusal');
  } finally {
    names.restore();
    await hook.close();
  }
});

test('DNS rebinding on a retry: every attempt checks the addresses it connects to', async () => {
  // The first attempt goes to the public address (routed nowhere: it times out), the retry's lookup answers loopback.
  const hook = await receiver([204]);
  const names = zone([PUBLIC, PUBLIC, '127.0.0.1']);
  try {
    const error = await rejection<WebhookDeliveryError>(sendWebhook(`http://rebind.example.test:${hook.port}/hooks`, 'order.created', {}, { secret: SECRET, backoff: 5, timeout: 300 }));
    assert.match(error.message, /^sendWebhook: refused .*it resolves to 127\.0\.0\.1, a loopback/);
    assert.is(error.attempts, 1, 'the refused attempt never connected');
    assert.is(hook.connections, 0);
  } finally {
    names.restore();
    await hook.close();
  }
});

test('a host name is delivered to the address its connect-time lookup gave (allowPrivate lets loopback in)', async () => {
  const hook = await receiver([204]);
  const names = zone(['127.0.0.1']);
  try {
    const delivery = await sendWebhook(`http://hooks.example.test:${hook.port}/hooks`, 'order.created', { orderId: 'o_1' }, { secret: SECRET, allowPrivate: true });
    assert.is(delivery.status, 204);
    assert.is(hook.verified.length, 1);
    assert.equal((hook.verified[0] as { data: unknown }).data, { orderId: 'o_1' });
    assert.equal(names.lookups, ['hooks.example.test']);
  } finally {
    names.restore();
    await hook.close();
  }
});

test('retries connect afresh: 503, 503, 200 is three connections, each looked up and checked', async () => {
  const hook = await receiver([503, 503, 200]);
  const names = zone(['127.0.0.1']);
  try {
    const delivery = await sendWebhook(`http://hooks.example.test:${hook.port}/hooks`, 'order.created', {}, { secret: SECRET, allowPrivate: true, backoff: 5 });
    assert.equal([delivery.status, delivery.attempts], [200, 3]);
    assert.is(hook.connections, 3, 'a pooled connection would skip the check');
    assert.is(names.lookups.length, 3);
  } finally {
    names.restore();
    await hook.close();
  }
});

test('a redirect is answered, not followed, through node:http too', async () => {
  const target = await receiver([204]);
  const server = createServer((_, response) => response.writeHead(307, { location: `http://127.0.0.1:${target.port}/` }).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const error = await rejection<WebhookDeliveryError>(sendWebhook(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, 'order.created', {}, { secret: SECRET, allowPrivate: true }));
    assert.is(error.status, 307);
    assert.is(error.attempts, 1);
    assert.is(target.connections, 0);
  } finally {
    server.closeAllConnections();
    server.close();
    await target.close();
  }
});

test('https: the connection goes to the checked address, and TLS verifies the certificate for the host name (SNI too)', async () => {
  // The certificate (test/runtime/fixtures, self-signed, for hooks.example.test) is trusted by the child process only.
  const certificate = fileURLToPath(new URL('./fixtures/hooks.example.test.crt', import.meta.url));
  const names: string[] = [];
  let requests = 0;
  const server = createTlsServer(
    {
      cert: readFileSync(certificate),
      key: readFileSync(fileURLToPath(new URL('./fixtures/hooks.example.test.key', import.meta.url))),
      SNICallback: (name, callback) => {
        names.push(name);
        callback(null);
      },
    },
    (request, response) => {
      requests++;
      request.resume().on('end', () => response.writeHead(204).end());
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = String((server.address() as AddressInfo).port);
  const child = (host: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const process_ = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./send-webhook-tls.child.ts', import.meta.url)), host, port], {
        env: { ...process.env, NODE_EXTRA_CA_CERTS: certificate },
      });
      let out = '';
      let err = '';
      process_.stdout.on('data', (chunk) => (out += chunk));
      process_.stderr.on('data', (chunk) => (err += chunk));
      process_.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${err}`))));
    });
  try {
    assert.equal(await child('hooks.example.test'), { status: 204 });
    assert.is(requests, 1);
    const other = await child('other.example.test');
    assert.match(String(other.error), /failed: Hostname\/IP does not match certificate's altnames/);
    assert.is(requests, 1);
    assert.equal(names, ['hooks.example.test', 'other.example.test']);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test.run();
