// Issue 54's costs, in process, one run:
// - enqueueing a durable webhook delivery: `sendWebhook(…, { durable: true, app })` on `bullmqQueue` with Debian's
//   redis-server on loopback (started here on a free port, no persistence; the worker is not started, so nothing takes
//   the jobs), each call timed alone after 200 warm-up calls: p50 and p99 over 2,000. Target p99 ≤ 1.5 ms. Beside it,
//   BullMQ's own `Queue.add` of the same job (what the library adds is the difference) and a plain SET of its size
//   on the same connection (one round trip), timed in blocks alternating with the enqueues, so that the machine's
//   load shows in all three. Left out, with a note, when redis-server is not installed.
// - the 200 routes of `dispatch` in an application that declares no queue and no schedule, built before
//   `next-app-controllers/jobs` was imported, against the same application built after importing it (declaring
//   nothing: the dispatcher loads no jobs chunk), and against the same routes in an application with one `@Scheduled`
//   method (its dispatcher has the cron routes in front: one path check per request). Paired per round. Target for the
//   application without a queue or a schedule ≤ 1.01 (geometric mean over the requests of the per-round ratios).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as dist from '../dist/index.mjs';
import { buildOurs, requestsFor, syntheticRoutes } from './lib/apps.mjs';
import { describeResponse, geomean, interleavedSamples, loop, median, pairedRatio } from './lib/harness.mjs';

const SECRET = `whsec_${Buffer.from('a benchmark secret of 32 bytes!!').toString('base64')}`;

export async function runJobs({ rounds = 60, batch = 300, enqueues = 2_000 } = {}) {
  const routes = syntheticRoutes(200);
  // Built before the jobs entry is imported: the application of an app that never imports it.
  const before = buildOurs(routes);
  const jobs = await import('../dist/jobs.mjs');
  const after = buildOurs(routes);
  class NightlyController {
    nightly() {}
  }
  jobs.Scheduled('0 3 * * *', { name: 'nightly' })(NightlyController.prototype, 'nightly');
  dist.Controller('/nightly')(NightlyController);
  const scheduled = buildOurs(routes, dist, { controllers: [NightlyController] });

  const candidates = { 'before the import': before, 'after the import': after, 'with a schedule': scheduled };
  const requests = requestsFor(200);
  const cases = [];
  for (const [name, expected] of Object.entries(requests)) {
    const request = new Request(`http://127.0.0.1${expected.path}`, { method: expected.method });
    // A 404's requestId differs from one answer to the next.
    const answers = await Promise.all(Object.values(candidates).map(async (app) => (await describeResponse(await app.handle(request))).replace(/"requestId":"[^"]*"/, '')));
    if (new Set(answers).size !== 1) throw new Error(`jobs ${name}: the applications answer differently:\n${answers.join('\n')}`);
    for (const [id, app] of Object.entries(candidates)) cases.push({ id: `${name}/${id}`, run: loop((r) => app.handle(r), request) });
  }
  const samples = await interleavedSamples(cases, { rounds, batch });
  const ns = (id) => median(samples.get(id));
  const per = (name, a, b) => pairedRatio(samples.get(`${name}/${a}`), samples.get(`${name}/${b}`));
  const rows = Object.keys(requests).map((name) => ({
    request: name,
    before: ns(`${name}/before the import`),
    after: ns(`${name}/after the import`),
    scheduled: ns(`${name}/with a schedule`),
    afterPerBefore: per(name, 'after the import', 'before the import'),
    scheduledPerBefore: per(name, 'with a schedule', 'before the import'),
  }));

  return {
    rows,
    afterPerBefore: geomean(rows.map((row) => row.afterPerBefore)),
    scheduledPerBefore: geomean(rows.map((row) => row.scheduledPerBefore)),
    enqueue: await enqueueTimes(jobs, enqueues),
  };
}

/** p50 and p99 (ms) of one durable `sendWebhook` on bullmqQueue, with a redis-server of its own; undefined without one. */
async function enqueueTimes(jobs, count) {
  const server = process.env.REDIS_SERVER ?? 'redis-server';
  if (spawnSync(server, ['--version'], { stdio: 'ignore' }).status !== 0) return undefined;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'nac-bench-redis-'));
  const redis = spawn(server, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const stopped = new Promise((resolve) => redis.once('exit', resolve));
  const { Redis } = await import('ioredis');
  let connection;
  try {
    await until(() => pings(port));
    connection = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: null });
    const app = dist.createApplication({ controllers: [], basePath: '/bench-jobs', queue: jobs.bullmqQueue({ connection, name: 'bench' }) });
    const send = (i) => jobs.sendWebhook('https://hooks.example.com/in', 'order.created', { orderId: `o_${i}`, total: 1200 }, { secret: SECRET, durable: true, app });
    // Beside it, BullMQ's own Queue.add of the job sendWebhook adds (its data and options), and one SET of its size on
    // the same connection (a round trip to Redis and nothing else); timed in blocks of 100 alternating with the
    // enqueues, so that all three see the same load on the machine.
    const { Queue } = await import('bullmq');
    const bare = new Queue('bench-bare', { connection });
    const data = { kind: 'webhook', endpoint: 'https://hooks.example.com/in', type: 'order.created', body: JSON.stringify({ type: 'order.created', timestamp: new Date().toISOString(), data: { orderId: 'o_1', total: 1200 } }), id: `msg_${'0'.repeat(32)}`, secretRef: `sha256:${'0'.repeat(32)}`, timeout: 15_000 };
    const options = { attempts: 8, backoff: { type: 'exponential', delay: 5_000, jitter: 0.5 }, removeOnComplete: { count: 1000 }, removeOnFail: false };
    const queueAdd = () => bare.add('webhook', data, options);
    const body = JSON.stringify(data);
    const set = (i) => connection.set(`bench:floor:${i % 100}`, body);
    for (let i = 0; i < 200; i++) await send(i), await queueAdd(), await set(i);
    const times = { enqueue: [], queueAdd: [], set: [] };
    for (let block = 0; block < count / 100; block++) {
      for (const [kind, run] of [['enqueue', send], ['queueAdd', queueAdd], ['set', set]]) {
        for (let i = 0; i < 100; i++) {
          const started = performance.now();
          await run(block * 100 + i);
          times[kind].push(performance.now() - started);
        }
      }
    }
    await jobs.stopJobs(app, 100);
    const summary = (list) => {
      list.sort((a, b) => a - b);
      const at = (q) => list[Math.min(list.length - 1, Math.ceil(q * list.length) - 1)];
      return { count: list.length, p50: at(0.5), p99: at(0.99), max: list[list.length - 1] };
    };
    await bare.close();
    return { ...summary(times.enqueue), queueAdd: summary(times.queueAdd), set: summary(times.set) };
  } finally {
    connection?.disconnect();
    redis.kill('SIGKILL');
    await stopped;
    rmSync(dir, { recursive: true, force: true });
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function pings(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.write('PING\r\n');
  });
}

async function until(check, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('redis-server did not answer');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
