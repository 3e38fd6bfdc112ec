// Issue 43's costs, each a ratio of two candidates timed in the same run (paired per round, `pairedRatio`):
// - a POST verified by `@Webhook({ verify: standardWebhooks(secret) })` (the memory store de-duplicating each delivery)
//   against the same route verifying by hand with WebCrypto (HMAC-SHA256 over `id.timestamp.body`, the 5-minute window,
//   `crypto.subtle.verify`), every request a new delivery;
// - a POST with `@Idempotent()` (the memory store), every request a new key, against the same route without it;
// - a GET of a plain object with `log` unset against the same app of the build before issue 43 (BENCH_BEFORE43, a
//   dist/ of commit 2a9f60b: no request id, no log), as it is and with the same X-Request-Id added by hand around
//   its `handle` (the incoming id kept when sane, else this process's prefix and a counter, as ours makes it), and
//   with a no-op logger against `log` unset.
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as dist from '../dist/index.mjs';
import { BASE } from './lib/apps.mjs';
import { describeResponse, interleavedSamples, loop, median, pairedRatio } from './lib/harness.mjs';

const SECRET_BYTES = Buffer.from('a secret of thirty-two bytes!!!!');
const SECRET = `whsec_${SECRET_BYTES.toString('base64')}`;
const BODY = JSON.stringify({ type: 'invoice.paid', data: { id: 'in_1', amount: 1200 } });
const ORDER = JSON.stringify({ item: 'book', quantity: 2 });
const NOOP = { info() {}, warn() {}, error() {} };

/** The build before issue 43, when there is one: BENCH_BEFORE43, else .tmp/dist-before43. */
export async function before43() {
  const folder = resolve(process.env.BENCH_BEFORE43 ?? '.tmp/dist-before43');
  return existsSync(`${folder}/index.mjs`) ? import(pathToFileURL(`${folder}/index.mjs`).href) : undefined;
}

const key = await crypto.subtle.importKey('raw', SECRET_BYTES, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
const encoder = new TextEncoder();

/** What a user writes without `@Webhook`: the raw body verified with WebCrypto, then parsed. */
async function verifyByHand(request) {
  const id = request.headers.get('webhook-id');
  const timestamp = request.headers.get('webhook-timestamp');
  const signatures = request.headers.get('webhook-signature');
  const body = await request.text();
  if (!id || !timestamp || !signatures || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return undefined;
  const signed = encoder.encode(`${id}.${timestamp}.${body}`);
  for (const entry of signatures.split(' ')) {
    const [version, signature] = entry.split(',');
    if (version === 'v1' && signature && (await crypto.subtle.verify('HMAC', key, Buffer.from(signature, 'base64'), signed))) return JSON.parse(body);
  }
  return undefined;
}

function buildApps(lib) {
  class HooksController {
    async verified(context) {
      return { received: (await context.request.json()).type };
    }
    async byHand(context) {
      const event = await verifyByHand(context.request);
      if (!event) throw new lib.HttpError(401, 'Invalid signature');
      return { received: event.type };
    }
    async order(context) {
      return { ordered: (await context.request.json()).item };
    }
  }
  lib.Post('/verified')(HooksController.prototype, 'verified');
  lib.Webhook({ verify: lib.standardWebhooks(SECRET) })(HooksController.prototype, 'verified');
  lib.Post('/by-hand')(HooksController.prototype, 'byHand');
  lib.Controller('/hooks')(HooksController);
  class OrdersController {
    async order(context) {
      return { ordered: (await context.request.json()).item };
    }
  }
  lib.Post('/')(OrdersController.prototype, 'order');
  lib.Controller('/orders')(OrdersController);
  class IdempotentOrdersController {
    async order(context) {
      return { ordered: (await context.request.json()).item };
    }
  }
  lib.Post('/')(IdempotentOrdersController.prototype, 'order');
  lib.Idempotent()(IdempotentOrdersController.prototype, 'order');
  lib.Controller('/idempotent-orders')(IdempotentOrdersController);
  return lib.createApplication({ controllers: [HooksController, OrdersController, IdempotentOrdersController], basePath: BASE });
}

function buildPlain(lib, options = {}) {
  class ItemsController {
    object() {
      return { id: '42', title: 'Pen', price: 2.5, tags: ['office', 'blue'] };
    }
  }
  lib.Get('/object')(ItemsController.prototype, 'object');
  lib.Controller('/items')(ItemsController);
  return lib.createApplication({ controllers: [ItemsController], basePath: BASE, ...options });
}

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const ID_PREFIX = `${randomUUID().slice(0, 24)}000`;
let idCounter = 100_000_000;

/**
 * `app` with every answer carrying X-Request-Id, written by hand: what the build before issue 43 needs to match ours.
 * A `then` on its answer, not an async function awaiting it: the cheapest wrapper (one promise more, not two).
 */
function withRequestIdByHand(app) {
  return {
    handle(request) {
      const incoming = request.headers.get('x-request-id');
      const id = incoming !== null && SANE_ID.test(incoming) ? incoming : ID_PREFIX + ++idCounter;
      return app.handle(request).then((response) => {
        response.headers.set('x-request-id', id);
        return response;
      });
    },
  };
}

/** A new signed delivery each call (signed with node:crypto, outside the library, the same for both candidates). */
function delivery(path) {
  const id = `msg_${randomUUID()}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', SECRET_BYTES).update(`${id}.${timestamp}.${BODY}`).digest('base64');
  return new Request(`http://127.0.0.1${BASE}/hooks/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` },
    body: BODY,
  });
}

const order = (path) =>
  new Request(`http://127.0.0.1${BASE}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: ORDER });

const fresh = (app, make) => async (n) => {
  for (let i = 0; i < n; i++) await app.handle(make());
};

export async function runServices({ rounds = 40, batch = 300 } = {}) {
  const app = buildApps(dist);
  const checks = [
    ['webhook', delivery('verified'), delivery('by-hand')],
    ['idempotent', order('idempotent-orders'), order('orders')],
  ];
  for (const [name, a, b] of checks) {
    const [x, y] = [await describeResponse(await app.handle(a)), await describeResponse(await app.handle(b))];
    if (x !== y || !x.startsWith('200 ')) throw new Error(`services ${name}: ours answers ${x}, the other ${y}`);
  }

  const plain = { unset: buildPlain(dist), noop: buildPlain(dist, { log: NOOP }) };
  const old = await before43();
  if (old) {
    plain.before43 = buildPlain(old);
    plain.before43Id = withRequestIdByHand(buildPlain(old));
  }
  const get = new Request(`http://127.0.0.1${BASE}/items/object`);
  const answers = await Promise.all(Object.values(plain).map(async (target) => (await describeResponse(await target.handle(get))).replace(/"requestId":"[^"]*",?/, '')));
  if (new Set(answers).size !== 1 || !answers[0].startsWith('200 ')) throw new Error(`services log: the apps answer ${answers.join(' | ')}`);
  if (old && !(await plain.before43Id.handle(get)).headers.has('x-request-id')) throw new Error('services log: the id by hand is missing');

  const cases = [
    { id: 'webhook/verified', run: fresh(app, () => delivery('verified')) },
    { id: 'webhook/byHand', run: fresh(app, () => delivery('by-hand')) },
    { id: 'idempotent/on', run: fresh(app, () => order('idempotent-orders')) },
    { id: 'idempotent/off', run: fresh(app, () => order('orders')) },
    ...Object.entries(plain).map(([id, target]) => ({ id: `log/${id}`, run: loop((r) => target.handle(r), get) })),
  ];
  const samples = await interleavedSamples(cases, { rounds, batch });
  const ns = (id) => median(samples.get(id));
  const pair = (a, b) => pairedRatio(samples.get(a), samples.get(b));
  return {
    rows: [
      { case: 'webhook POST: @Webhook(standardWebhooks) / verified by hand (WebCrypto)', a: ns('webhook/verified'), b: ns('webhook/byHand'), ratio: pair('webhook/verified', 'webhook/byHand'), target: 1.1 },
      { case: 'POST: @Idempotent (memory store, new key) / without', a: ns('idempotent/on'), b: ns('idempotent/off'), ratio: pair('idempotent/on', 'idempotent/off'), target: 1.1 },
      ...(old
        ? [
            { case: 'GET: log unset / the build before issue 43', a: ns('log/unset'), b: ns('log/before43'), ratio: pair('log/unset', 'log/before43'), target: 1.01 },
            { case: 'GET: log unset / the build before issue 43 + X-Request-Id by hand', a: ns('log/unset'), b: ns('log/before43Id'), ratio: pair('log/unset', 'log/before43Id'), target: 1.01 },
          ]
        : []),
      { case: 'GET: log = no-op logger / log unset', a: ns('log/noop'), b: ns('log/unset'), ratio: pair('log/noop', 'log/unset'), target: 1.03 },
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows } = await runServices();
  for (const row of rows) console.log(`${row.case}: ${(row.a / 1e3).toFixed(2)} µs / ${(row.b / 1e3).toFixed(2)} µs = ${row.ratio.toFixed(3)} (≤ ${row.target}: ${row.ratio <= row.target ? 'ok' : 'MISSED'})`);
}
