import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createApplication, sendWebhook as sendNow } from '../../runtime/index';
import { bullmqQueue, failedJobs, memoryQueue, retryJob, sendWebhook, startJobs, stopJobs } from '../../runtime/jobs';
import { backoffDelay } from '../../runtime/jobs/queue';
import { startRedis, type RunningRedis } from '../support/redis-server';
import { rejection } from '../support/rejection';

// Issue 54, items 1 and 2: durable webhook deliveries through the application's queue, to a loopback receiver that
// verifies each attempt with the standardwebhooks package (allowPrivate lets it in, as in send-webhook.test.ts).

const SECRET = `whsec_${Buffer.from('a durable secret of thirty-two b').toString('base64')}`;

interface Received {
  id: string;
  timestamp: string;
  verified: boolean;
  body: string;
}

async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const verifier = new StandardWebhook(SECRET);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = request.headers as IncomingHttpHeaders & Record<string, string>;
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = true;
      try {
        verifier.verify(body, headers);
      } catch {
        verified = false;
      }
      received.push({ id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], verified, body });
      response.writeHead(statuses[Math.min(received.length - 1, statuses.length - 1)]).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, statuses, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

async function until(check: () => boolean | Promise<boolean>, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let base = 0;
const basePath = () => `/app${++base}`;

const memory = suite('durable sendWebhook on memoryQueue()');

memory('resolves with the webhook-id once queued, then delivers with the same id and body on every attempt, each signed afresh', async () => {
  const hook = await receiver([500, 503, 204]);
  const app = createApplication({ controllers: [], basePath: basePath(), queue: memoryQueue() });
  try {
    const id = await sendWebhook(hook.url, 'order.created', { orderId: 'o_1' }, { secret: SECRET, durable: true, app, allowPrivate: true, backoff: 1000 });
    assert.match(id, /^msg_[0-9a-f]{32}$/);
    await until(() => hook.received.length === 1);
    // Exponential backoff with jitter: the second attempt waits 500-1000 ms, so the timestamps (seconds) may differ.
    await until(() => hook.received.length === 3);
    assert.equal(hook.received.map((r) => r.id), [id, id, id]);
    assert.equal(hook.received.map((r) => r.verified), [true, true, true]);
    assert.equal(new Set(hook.received.map((r) => r.body)).size, 1, 'the same bytes every attempt');
    assert.equal(JSON.parse(hook.received[0].body).data, { orderId: 'o_1' });
    assert.equal(await failedJobs(app), []);
  } finally {
    await stopJobs(app, 100);
    await hook.close();
  }
});

memory('a 4xx other than 408 and 429 is final: the job is failed with its last status, listed, and retried on demand', async () => {
  const hook = await receiver([410, 204]);
  const app = createApplication({ controllers: [], basePath: basePath(), queue: memoryQueue() });
  try {
    const id = await sendWebhook(hook.url, 'order.created', { orderId: 'o_2' }, { secret: SECRET, durable: true, app, allowPrivate: true, backoff: 5 });
    await until(async () => (await failedJobs(app)).length === 1);
    const [failed] = await failedJobs(app);
    assert.is(hook.received.length, 1);
    assert.is(failed.kind, 'webhook');
    assert.is(failed.name, 'order.created');
    assert.equal(failed.webhook, { id, endpoint: hook.url, lastStatus: 410 });
    assert.match(failed.reason, 'answered 410');
    assert.is(await retryJob(app, failed.id), true);
    await until(() => hook.received.length === 2);
    await until(async () => (await failedJobs(app)).length === 0);
    assert.is(hook.received[1].id, id);
    assert.is(await retryJob(app, failed.id), false);
  } finally {
    await stopJobs(app, 100);
    await hook.close();
  }
});

memory('a delivery that exhausts its attempts is kept as failed', async () => {
  const hook = await receiver([500]);
  const app = createApplication({ controllers: [], basePath: basePath(), queue: memoryQueue() });
  try {
    await sendWebhook(hook.url, 'order.created', {}, { secret: SECRET, durable: true, app, allowPrivate: true, backoff: 5, retries: 2 });
    await until(async () => (await failedJobs(app)).length === 1);
    const [failed] = await failedJobs(app);
    assert.is(hook.received.length, 3);
    assert.is(failed.attempts, 3);
    assert.is(failed.webhook?.lastStatus, 500);
  } finally {
    await stopJobs(app, 100);
    await hook.close();
  }
});

memory('the SSRF rules hold: a private endpoint is refused before queueing without allowPrivate', async () => {
  const app = createApplication({ controllers: [], basePath: basePath(), queue: memoryQueue() });
  const error = await rejection(sendWebhook('http://127.0.0.1:9/hooks', 'order.created', {}, { secret: SECRET, durable: true, app }));
  assert.match(String(error), 'refused http://127.0.0.1:9');
  await stopJobs(app, 100);
});

memory("the main entry's sendWebhook says where durable deliveries are", async () => {
  const app = createApplication({ controllers: [], basePath: basePath() });
  const error = await rejection(sendNow('https://example.com/hooks', 'order.created', {}, { secret: SECRET, durable: true, app } as never));
  assert.match(String(error), "import { sendWebhook } from 'next-app-controllers/jobs'");
});

memory('an application created without a queue delivers through the in-process queue', async () => {
  const hook = await receiver([204]);
  const app = createApplication({ controllers: [], basePath: basePath() });
  try {
    const id = await sendWebhook(hook.url, 'order.created', {}, { secret: SECRET, durable: true, app, allowPrivate: true });
    await until(() => hook.received.length === 1);
    assert.is(hook.received[0].id, id);
  } finally {
    await stopJobs(app, 100);
    await hook.close();
  }
});

memory.run();

const backoff = suite('backoffDelay');

backoff('doubles each attempt, with jitter taking up to half off', () => {
  assert.equal([1, 2, 3, 4].map((attempt) => backoffDelay(1000, attempt, 0)), [1000, 2000, 4000, 8000]);
  assert.equal([1, 2, 3, 4].map((attempt) => backoffDelay(1000, attempt, 1)), [500, 1000, 2000, 4000]);
});

backoff.run();

const redis = suite('durable sendWebhook on bullmqQueue() with a real Redis');
let server: RunningRedis;

redis.before(async () => {
  server = await startRedis();
});

redis.after(async () => {
  await server?.stop();
});

redis('the job holds a fingerprint of the secret, never the secret; a failed delivery is in BullMQ\'s failed set with its last status', async () => {
  const hook = await receiver([404]);
  const name = 'webhooks-failed';
  const app = createApplication({ controllers: [], basePath: basePath(), queue: bullmqQueue({ connection: { host: '127.0.0.1', port: server.port }, name }) });
  const inspect = new Queue(name, { connection: { host: '127.0.0.1', port: server.port } });
  try {
    const id = await sendWebhook(hook.url, 'order.created', { orderId: 'o_3' }, { secret: SECRET, durable: true, app, allowPrivate: true, backoff: 5 });
    const [waiting] = await inspect.getJobs(['wait', 'delayed']);
    assert.ok(waiting, 'queued before any worker runs');
    assert.not.match(JSON.stringify(waiting.data), SECRET.slice(6), 'no secret in the stored job');
    assert.match(waiting.data.secretRef, /^sha256:[0-9a-f]{32}$/);
    await startJobs(app);
    await until(async () => (await inspect.getFailedCount()) === 1);
    const [failed] = await inspect.getFailed();
    assert.is(failed.data.lastStatus, 404);
    assert.match(failed.failedReason, 'answered 404');
    const listed = await failedJobs(app);
    assert.equal(listed.map((job) => job.webhook), [{ id, endpoint: hook.url, lastStatus: 404 }]);
    hook.statuses.splice(0, 1, 204);
    assert.is(await retryJob(app, listed[0].id), true);
    await until(() => hook.received.length === 2);
    await until(async () => (await inspect.getFailedCount()) === 0);
  } finally {
    await stopJobs(app, 1000);
    await inspect.close();
    await hook.close();
  }
});

redis('a sender killed with SIGKILL between attempts: another worker delivers it, one webhook-id across attempts', async () => {
  const hook = await receiver([500, 500, 204]);
  const name = 'webhooks-crash';
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/runtime/jobs-crash.child.ts', String(server.port), name, hook.url, SECRET], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let app: ReturnType<typeof createApplication> | undefined;
  try {
    await until(() => output.includes('"id"') && hook.received.length === 1, 30_000);
    // Between attempts: the job waits in BullMQ's delayed set (killed during an attempt, it would wait for its lock to
    // expire, 30 s, before another worker takes it).
    const inspect = new Queue(name, { connection: { host: '127.0.0.1', port: server.port } });
    await until(async () => (await inspect.getDelayedCount()) === 1);
    await inspect.close();
    child.kill('SIGKILL');
    await exited;
    const { id } = JSON.parse(output.trim().split('\n').pop()!);
    assert.is(hook.received.length, 1, 'killed before its second attempt');
    // Another instance (it never sent the delivery: the secret comes from its webhookSecrets).
    app = createApplication({ controllers: [], basePath: basePath(), queue: bullmqQueue({ connection: { host: '127.0.0.1', port: server.port }, name, webhookSecrets: () => [process.env.NONE, SECRET] }) });
    await startJobs(app);
    await until(() => hook.received.length === 3, 30_000);
    assert.equal(hook.received.map((r) => r.id), [id, id, id]);
    assert.equal(hook.received.map((r) => r.verified), [true, true, true]);
    assert.equal(new Set(hook.received.map((r) => r.body)).size, 1);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    if (app) await stopJobs(app, 1000);
    await hook.close();
  }
});

redis.run();
