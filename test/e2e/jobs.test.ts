// Issue 54, end to end: next-app-controllers/jobs from the packed tarball in an app of its own (test/fixtures/jobs-app,
// bullmqQueue on a real redis-server this test starts), one Turbopack `next build` served by two `next start`
// instances. A durable delivery survives `kill -9` of the instance that sent it; a job every 3 s runs once per tick
// across both instances and goes on after one is killed; its cron route wants CRON_SECRET; a failed delivery is
// listed and retried. Every attempt is checked by the standardwebhooks package, here in the test process.
// (`schedules --vercel` and its `--check` are test/cli/schedules.test.ts's, through the CLI.)
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startRedis, type RunningRedis } from '../support/redis-server';
import { buildExample, ROOT, send, startExample, timed, type RunningServer } from './harness';
import { installedVersion, installIsolatedApp, removeIsolatedApp } from './isolated-app';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'jobs-app');
const QUEUE = 'e2e-jobs';
const WEBHOOK_SECRET = `whsec_${Buffer.from('the e2e secret, thirty-two bytes').toString('base64')}`;
const CRON_SECRET = 'a-cron-secret-of-the-e2e';
const TICK_MS = 3_000;

interface Attempt {
  path: string;
  id: string;
  verified: boolean;
  body: string;
  status: number;
  at: number;
}

interface Tick {
  name: string;
  scheduledAt: string;
  attempt: number;
  instance: string;
  at: number;
}

/**
 * The test's receiver: `/hooks` and `/final` take webhooks (each attempt verified with standardwebhooks, answered
 * with the next status of its path's list, the last one repeated), `/ticks` and `/yearly` the scheduled jobs' reports.
 */
function startReceiver() {
  const verifier = new StandardWebhook(WEBHOOK_SECRET);
  const statuses: Record<string, number[]> = { '/hooks': [500, 500, 204], '/final': [400, 204] };
  const attempts: Attempt[] = [];
  const reports: Record<string, Tick[]> = { '/ticks': [], '/yearly': [] };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      if (path in reports) {
        reports[path].push({ ...JSON.parse(body), at: Date.now() });
        response.writeHead(204).end();
        return;
      }
      const list = statuses[path];
      if (!list) return void response.writeHead(404).end();
      let verified = true;
      try {
        verifier.verify(body, request.headers as IncomingHttpHeaders & Record<string, string>);
      } catch {
        verified = false;
      }
      const sent = attempts.filter((attempt) => attempt.path === path).length;
      const status = list[Math.min(sent, list.length - 1)];
      attempts.push({ path, id: String(request.headers['webhook-id']), verified, body, status, at: Date.now() });
      response.writeHead(status).end();
    });
  });
  return new Promise<{ url: string; attempts: Attempt[]; reports: typeof reports; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        attempts,
        reports,
        close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
      });
    }),
  );
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout / 1000} s waiting for ${what}`);
    await sleep(50);
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const test = suite('next-app-controllers/jobs: two next start instances of one build, on a real redis-server');

let dir: string | undefined;
let redis: RunningRedis | undefined;
let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
let observer: Queue | undefined;
let setupError: unknown;
/** Every server started, killed or not: the after hook stops them all (by process group). */
const servers: { name: string; server: RunningServer }[] = [];

async function startInstance(name: string): Promise<RunningServer> {
  const env = { REDIS_PORT: String(redis!.port), JOBS_QUEUE: QUEUE, WEBHOOK_SECRET, CRON_SECRET, RECEIVER_URL: receiver!.url, INSTANCE: name };
  const server = await timed(`next start (${name})`, () => startExample(60_000, dir!, '/api/jobs/health', env));
  servers.push({ name, server });
  return server;
}

/** `kill -9` of the instance's process group: no SIGTERM, no closing of its worker. */
async function kill9(server: RunningServer): Promise<void> {
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await server.stop();
}

const alive = () => {
  if (setupError) throw setupError;
  const up = servers.filter(({ server }) => {
    try {
      process.kill(server.pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  return up.length > 0 ? up : (() => { throw new Error('no instance is running: see the tests before'); })();
};
const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test.before(async () => {
  try {
    [redis, receiver] = await Promise.all([startRedis(), startReceiver()]);
    observer = new Queue(QUEUE, { connection: { host: '127.0.0.1', port: redis.port } });
    dir = await timed('install jobs app', () => installIsolatedApp({ next: installedVersion('next'), fixture: FIXTURE, minimal: true, extra: ['bullmq', 'croner', 'ioredis'] }));
    // One build for both instances; `next build` must neither start a scheduler nor reach Redis (REDIS_PORT unset).
    await timed('next build, jobs app (turbopack)', () => buildExample('turbopack', dir));
  } catch (error) {
    setupError = error;
  }
});

test.after(async () => {
  await Promise.allSettled(servers.map(({ server }) => server.stop()));
  await observer?.close().catch(() => {});
  await receiver?.close();
  await redis?.stop();
  if (dir) removeIsolatedApp(dir);
});

/** Runs a test body; on failure, prints what every instance wrote, which says more than the assertion. */
function withLogs(body: () => Promise<void>) {
  return async () => {
    try {
      await body();
    } catch (error) {
      for (const { name, server } of servers) console.error(`\n--- ${name} (pid ${server.pid}) ---\n${server.output().slice(-6_000)}`);
      throw error;
    }
  };
}

test(
  'a durable delivery that failed twice is delivered once more after kill -9 of the instance that sent it and a restart, under one webhook-id',
  withLogs(async () => {
    if (setupError) throw setupError;
    const a = await startInstance('a');
    const queued = await send(a.port, 'POST', '/api/jobs/deliveries', json({ url: `${receiver!.url}/hooks` }));
    assert.is(queued.status, 200, queued.text);
    const { id } = queued.json() as { id: string };
    assert.match(id, /^msg_/);
    const hooks = () => receiver!.attempts.filter((attempt) => attempt.path === '/hooks');
    // The first attempt at once, the second 1-2 s later (backoff 2 s with jitter); then the job waits in Redis for the third.
    await until('two failed attempts', () => hooks().length === 2);
    await until('the job waiting in BullMQ for its third attempt', async () => (await observer!.getDelayed()).some((job) => job.data?.id === id));
    await kill9(a);
    const killedAt = Date.now();
    // The third attempt was due 2-4 s after the second: no one is left to make it.
    await sleep(Math.max(0, hooks()[1].at + 4_500 - Date.now()));
    assert.is(hooks().length, 2, 'nothing delivers while the only instance is down');
    await startInstance('a-restarted');
    await until('the third attempt, from the restarted instance', () => hooks().length === 3);
    const sent = hooks();
    assert.ok(sent[2].at > killedAt);
    assert.equal(sent.map((attempt) => attempt.status), [500, 500, 204]);
    assert.equal(sent.map((attempt) => attempt.id), [id, id, id], 'one webhook-id across the attempts');
    assert.equal(sent.map((attempt) => attempt.verified), [true, true, true], 'each attempt verified by standardwebhooks');
    assert.is(new Set(sent.map((attempt) => attempt.body)).size, 1, 'the same body on every attempt');
    assert.equal(JSON.parse(sent[0].body).data, { orderId: 'o_1' });
  }),
);

test(
  'a job every 3 s runs once per tick across both instances for a minute, and goes on after one of them is killed',
  withLogs(async () => {
    alive();
    await startInstance('b');
    const ticks = receiver!.reports['/ticks'];
    const from = Date.now();
    // About 30 s with both instances taking jobs; then the one that ran the last tick is killed, 1 s after it (no tick
    // running then), and about 30 s more with one instance.
    await sleep(30_000);
    const lastTick = ticks.length;
    await until('a tick', () => ticks.length > lastTick, 10_000);
    const victim = ticks[ticks.length - 1].instance;
    await sleep(1_000);
    const killed = servers.find(({ name }) => name === victim)!;
    await kill9(killed.server);
    const killedAt = Date.now();
    await sleep(30_000);
    const to = Date.now();

    // The ticks from 2 s after both were up to 4 s before the end: each once, none missed (the kill included). (A tick
    // the first test's kill -9 interrupted while it ran, if any, is run again by BullMQ after its lock expires: that
    // at-least-once re-run has an earlier scheduledAt and is left out.)
    const first = Math.ceil((from + 2_000) / TICK_MS) * TICK_MS;
    const observed = ticks.filter((tick) => Date.parse(tick.scheduledAt) >= first);
    const times = observed.map((tick) => Date.parse(tick.scheduledAt));
    assert.is(new Set(times).size, times.length, `each tick ran once: ${observed.map((tick) => `${tick.scheduledAt} ${tick.instance}`).join(', ')}`);
    for (const time of times) assert.is(time % TICK_MS, 0, 'scheduledAt is the tick, on the pattern');
    const expected: number[] = [];
    for (let time = first; time <= to - 4_000; time += TICK_MS) expected.push(time);
    assert.equal(
      times.filter((time) => time >= first && time <= to - 4_000),
      expected,
      'one run per tick, in order, none missed',
    );
    const before = observed.filter((tick) => tick.at < killedAt);
    assert.equal([...new Set(before.map((tick) => tick.instance))].sort(), ['a-restarted', 'b'], 'both instances took ticks while both were up');
    const after = observed.filter((tick) => tick.at > killedAt);
    assert.ok(after.length >= 8, `ticks went on after ${victim} was killed: ${after.length}`);
    assert.ok(after.every((tick) => tick.instance !== victim));
    assert.ok(observed.every((tick) => tick.name === 'tick' && tick.attempt === 1));
  }),
);

test(
  'the cron route <basePath>/_cron/<name> answers 401 without Authorization: Bearer $CRON_SECRET, and runs the job with it',
  withLogs(async () => {
    const [{ server }] = alive();
    const yearly = receiver!.reports['/yearly'];
    const refused = await send(server.port, 'GET', '/api/_cron/yearly');
    assert.is(refused.status, 401, refused.text);
    assert.is(refused.headers['www-authenticate'], 'Bearer');
    const wrong = await send(server.port, 'GET', '/api/_cron/yearly', { headers: { authorization: `Bearer ${CRON_SECRET}x` } });
    assert.is(wrong.status, 401, wrong.text);
    assert.is(yearly.length, 0, 'a refused call runs nothing');
    const ran = await send(server.port, 'GET', '/api/_cron/yearly', { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    assert.is(ran.status, 200, ran.text);
    const year = new Date().getUTCFullYear();
    assert.equal(ran.json(), { name: 'yearly', scheduledAt: `${year}-01-01T00:00:00.000Z`, attempts: 1 });
    assert.is(yearly.length, 1);
    assert.is(yearly[0].scheduledAt, `${year}-01-01T00:00:00.000Z`);
  }),
);

test(
  'a delivery refused for good (a 400) is listed among the failed jobs with its last status, and retried under its webhook-id',
  withLogs(async () => {
    const [{ server }] = alive();
    const queued = await send(server.port, 'POST', '/api/jobs/deliveries', json({ url: `${receiver!.url}/final` }));
    assert.is(queued.status, 200, queued.text);
    const { id } = queued.json() as { id: string };
    type Failed = { id: string; kind: string; name: string; attempts: number; webhook?: { id: string; lastStatus?: number } };
    const failed = async () => (await send(server.port, 'GET', '/api/jobs/failed')).json() as Failed[];
    let job: Failed | undefined;
    await until('the failed job', async () => (job = (await failed()).find((listed) => listed.webhook?.id === id)) !== undefined);
    assert.is(job!.kind, 'webhook');
    assert.is(job!.name, 'order.created');
    assert.is(job!.attempts, 1, 'a 400 is final: one attempt');
    assert.is(job!.webhook!.lastStatus, 400);

    const unknown = await send(server.port, 'POST', '/api/jobs/failed/no-such-job/retry');
    assert.is(unknown.status, 404, unknown.text);
    const retried = await send(server.port, 'POST', `/api/jobs/failed/${job!.id}/retry`);
    assert.is(retried.status, 200, retried.text);
    const finals = () => receiver!.attempts.filter((attempt) => attempt.path === '/final');
    await until('the retried attempt', () => finals().length === 2);
    assert.equal(finals().map((attempt) => [attempt.id, attempt.verified, attempt.status]), [[id, true, 400], [id, true, 204]]);
    await until('the failed list without it', async () => !(await failed()).some((listed) => listed.webhook?.id === id));
    // The first delivery was not sent again meanwhile.
    assert.is(receiver!.attempts.filter((attempt) => attempt.path === '/hooks').length, 3);
  }),
);

test.run();
