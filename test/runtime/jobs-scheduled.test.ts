import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, createApplication, Get } from '../../runtime/index';
import { bullmqQueue, listSchedules, memoryQueue, Scheduled, startJobs, stopJobs, type JobQueue, type ScheduledContext } from '../../runtime/jobs';
import { startRedis, type RunningRedis } from '../support/redis-server';

// Issue 54, item 3: @Scheduled methods, the guards of startJobs (instrumentation's register()), the cron routes, and
// BullMQ's job schedulers firing once across instances.

async function until(check: () => boolean, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function withEnv<T>(values: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  for (const [key, value] of Object.entries(values)) value === undefined ? delete process.env[key] : (process.env[key] = value);
  return run().finally(() => {
    for (const [key, value] of Object.entries(saved)) value === undefined ? delete process.env[key] : (process.env[key] = value);
  });
}

let base = 0;
const basePath = () => `/sched${++base}`;

/** A queue that counts what the application asks of it. */
function countingQueue() {
  const calls: string[] = [];
  const queue: JobQueue = {
    driver: 'memory',
    bind: () => void calls.push('bind'),
    add: async () => (calls.push('add'), '1'),
    start: async () => void calls.push('start'),
    failed: async () => [],
    retry: async () => false,
    close: async () => void calls.push('close'),
  };
  return { queue, calls };
}

const guards = suite("startJobs: the guards of instrumentation's register()");

guards('does nothing on the Edge runtime, during next build, or a second time in the process', async () => {
  const { queue, calls } = countingQueue();
  const app = createApplication({ controllers: [], basePath: basePath(), queue });
  assert.is(await withEnv({ NEXT_RUNTIME: 'edge' }, () => startJobs(app)), false);
  assert.is(await withEnv({ NEXT_RUNTIME: 'nodejs', NEXT_PHASE: 'phase-production-build' }, () => startJobs(app)), false);
  assert.not.ok(calls.includes('start'), 'no scheduler, no worker, no connection during next build');
  assert.is(await withEnv({ NEXT_RUNTIME: 'nodejs', NEXT_PHASE: undefined }, () => startJobs(app)), true);
  assert.is(await withEnv({ NEXT_RUNTIME: 'nodejs' }, () => startJobs(app)), false);
  assert.equal(calls.filter((call) => call === 'start'), ['start']);
  await stopJobs(app, 10);
});

guards('bullmqQueue() opens no connection before startJobs or a job (a port where nothing listens is never dialled)', async () => {
  const app = createApplication({ controllers: [], basePath: basePath(), queue: bullmqQueue({ connection: { host: '127.0.0.1', port: 1 } }) });
  assert.is(await withEnv({ NEXT_PHASE: 'phase-production-build' }, () => startJobs(app)), false);
  await stopJobs(app, 10);
});

guards('is a no-op for an application with no queue and no schedule: nothing started, no SIGTERM listener', async () => {
  class PlainController {}
  Controller('/plain')(PlainController);
  const app = createApplication({ controllers: [PlainController], basePath: basePath() });
  const listeners = process.listenerCount('SIGTERM');
  assert.is(await withEnv({ NEXT_RUNTIME: 'nodejs', NEXT_PHASE: undefined }, () => startJobs(app)), false);
  assert.is(process.listenerCount('SIGTERM'), listeners);
  assert.equal(await listSchedules(app), []);
});

guards.run();

const list = suite('listSchedules');

list('gives each @Scheduled method with its cron route under the basePath, in declaration order', async () => {
  class ReportsController {
    digest() {}
    cleanup() {}
  }
  Controller('/reports')(ReportsController);
  Scheduled('*/5 * * * *', { name: 'digest' })(ReportsController.prototype, 'digest', {});
  Scheduled('0 3 * * *', { name: 'cleanup', timezone: 'Europe/Paris' })(ReportsController.prototype, 'cleanup', {});
  const path = basePath();
  const app = createApplication({ controllers: [ReportsController], basePath: path });
  assert.equal(await listSchedules(app), [
    { name: 'digest', pattern: '*/5 * * * *', path: `${path}/_cron/digest` },
    { name: 'cleanup', pattern: '0 3 * * *', timezone: 'Europe/Paris', path: `${path}/_cron/cleanup` },
  ]);
  const root = createApplication({ controllers: [ReportsController], basePath: '/' });
  assert.equal((await listSchedules(root)).map((schedule) => schedule.path), ['/_cron/digest', '/_cron/cleanup']);
});

list.run();

const memory = suite('@Scheduled on memoryQueue()');

memory('runs every tick with { name, scheduledAt, attempt }, scheduledAt the tick, not the time it fired', async () => {
  const runs: ScheduledContext[] = [];
  @Controller('/ticks')
  class TickController {
    @Get('/')
    list() {
      return runs.length;
    }
    @Scheduled('* * * * * *', { name: 'tick' })
    tick(context: ScheduledContext) {
      runs.push(context);
    }
  }
  const app = createApplication({ controllers: [TickController], basePath: basePath(), queue: memoryQueue() });
  await startJobs(app);
  try {
    await until(() => runs.length >= 2, 5_000);
    assert.equal(runs[0].name, 'tick');
    assert.is(runs[0].attempt, 1);
    assert.is(runs[0].scheduledAt.getTime() % 1000, 0);
    assert.is(runs[1].scheduledAt.getTime() - runs[0].scheduledAt.getTime(), 1000);
  } finally {
    await stopJobs(app, 100);
  }
});

memory('an error is retried with backoff and logged with the request-log shape', async () => {
  const lines: [string, Record<string, unknown>, string][] = [];
  const log = { info: (f: object, m?: string) => void lines.push(['info', f as never, m!]), warn: (f: object, m?: string) => void lines.push(['warn', f as never, m!]), error: (f: object, m?: string) => void lines.push(['error', f as never, m!]) };
  const attempts: number[] = [];
  @Controller('/reports')
  class Reports {
    @Scheduled('* * * * * *', { name: 'report', attempts: 2, backoff: 10 })
    run({ attempt }: ScheduledContext) {
      attempts.push(attempt);
      if (attempt === 1) throw new Error('the first attempt fails');
    }
  }
  const app = createApplication({ controllers: [Reports], basePath: basePath(), log });
  await startJobs(app);
  try {
    await until(() => lines.some(([level]) => level === 'info'), 5_000);
    await stopJobs(app, 100);
    assert.equal(attempts.slice(0, 2), [1, 2]);
    const [warn, info] = lines;
    assert.is(warn[0], 'warn');
    assert.is(warn[2], 'job report failed, retried');
    assert.is(warn[1].job, 'report');
    assert.is(warn[1].attempt, 1);
    assert.is((warn[1].err as Error).message, 'the first attempt fails');
    assert.is(info[2], 'job report done');
    assert.is(info[1].attempt, 2);
    assert.is(typeof info[1].durationMs, 'number');
  } finally {
    await stopJobs(app, 100);
  }
});

memory.run();

const routes = suite('the cron routes, <basePath>/_cron/<name>');
const ran: ScheduledContext[] = [];

@Controller('/cleanup')
class Cleanup {
  @Scheduled('*/5 * * * *', { name: 'cleanup' })
  clean(context: ScheduledContext) {
    ran.push(context);
  }
}

routes('401 without Authorization: Bearer $CRON_SECRET, the job run with it, for the tick at or before now', async () => {
  const app = createApplication({ controllers: [Cleanup], basePath: '/api' });
  await withEnv({ CRON_SECRET: 'a cron secret' }, async () => {
    const refused = await app.fetch('/api/_cron/cleanup');
    assert.is(refused.status, 401);
    assert.is(refused.headers.get('www-authenticate'), 'Bearer');
    assert.is((await app.fetch('/api/_cron/cleanup', { headers: { authorization: 'Bearer a cron secreT' } })).status, 401);
    assert.is(ran.length, 0);
    const answered = await app.fetch('/api/_cron/cleanup', { headers: { authorization: 'Bearer a cron secret' } });
    assert.is(answered.status, 200);
    const body = await answered.json();
    assert.is(body.name, 'cleanup');
    assert.is(ran.length, 1);
    const at = ran[0].scheduledAt;
    assert.is(at.getUTCMinutes() % 5, 0);
    assert.is(at.getUTCSeconds(), 0);
    assert.ok(Date.now() - at.getTime() < 5 * 60_000);
    assert.is((await app.fetch('/api/_cron/nothing', { headers: { authorization: 'Bearer a cron secret' } })).status, 404);
  });
});

routes('refused outright in production when CRON_SECRET is unset; open in development', async () => {
  const app = createApplication({ controllers: [Cleanup], basePath: '/api' });
  await withEnv({ CRON_SECRET: undefined, NODE_ENV: 'production' }, async () => {
    const refused = await app.fetch('/api/_cron/cleanup', { headers: { authorization: 'Bearer ' } });
    assert.is(refused.status, 401);
    assert.match(JSON.stringify(await refused.json()), 'CRON_SECRET is not set');
  });
  await withEnv({ CRON_SECRET: undefined, NODE_ENV: 'development' }, async () => {
    assert.is((await app.fetch('/api/_cron/cleanup')).status, 200);
  });
});

routes.run();

const redis = suite('@Scheduled on bullmqQueue(): BullMQ job schedulers with a real Redis');
let server: RunningRedis;

redis.before(async () => {
  server = await startRedis();
});

redis.after(async () => {
  await server?.stop();
});

redis('two instances: each tick runs once across both; a tick that fell due while every instance was down is not run', async () => {
  const runs: { instance: number; at: number }[] = [];
  const make = (instance: number) => {
    @Controller('/every')
    class Every {
      @Scheduled('* * * * * *', { name: 'every-second' })
      run({ scheduledAt }: ScheduledContext) {
        runs.push({ instance, at: scheduledAt.getTime() });
      }
    }
    return createApplication({ controllers: [Every], basePath: basePath(), queue: bullmqQueue({ connection: { host: '127.0.0.1', port: server.port }, name: 'schedules' }) });
  };
  const one = make(1);
  const two = make(2);
  await startJobs(one);
  await startJobs(two);
  try {
    await until(() => runs.length >= 5, 15_000);
    await stopJobs(one, 1000);
    await stopJobs(two, 1000);
    const ticks = runs.map((run) => run.at);
    assert.equal(ticks.length, new Set(ticks).size, `each tick once: ${ticks.join(', ')}`);
    // Down for three seconds: the instance that comes back upserts the scheduler (startJobs), which replaces the
    // pending job of the missed tick with the next tick from now: what fell due while no instance ran is not run, late
    // or replayed.
    const before = runs.length;
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const restartedAt = Date.now();
    const three = make(3);
    await startJobs(three);
    await until(() => runs.length >= before + 2, 10_000);
    await stopJobs(three, 1000);
    const late = runs.slice(before);
    assert.ok(late.every((run) => run.at >= restartedAt), `no tick of the downtime runs: ${late.map((run) => run.at - stoppedAt).join(', ')}`);
    assert.equal(late.map((run) => run.instance).slice(0, 2), [3, 3]);
  } finally {
    await stopJobs(one, 100).catch(() => {});
    await stopJobs(two, 100).catch(() => {});
  }
});

redis.run();
