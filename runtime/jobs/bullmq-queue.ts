import type { ConnectionOptions, Job, Queue, Worker } from 'bullmq';
import { importBullmq } from '../peers/bullmq';
import { describeFailed, FinalJobError, type JobData, type JobProcessor, type JobQueue, type QueueSchedule } from './queue';
import type { WebhookSecrets } from './secrets';

/** The options of {@link bullmqQueue}. */
export interface BullmqQueueOptions {
  /**
   * Redis: your ioredis client, created with `maxRetriesPerRequest: null` (BullMQ's workers need it) and
   * `lazyConnect: true` (`next build` evaluates the module that creates it), or its options (`{ host, port }`;
   * `{ url }` is not one). Prefer the client: given options, BullMQ 6 loads ioredis (an optional peer of its) with
   * `require`, which native ES modules lack.
   */
  connection: ConnectionOptions;
  /** The BullMQ queue's name. Default: `'next-app-controllers'`. */
  name?: string;
  /** How many jobs one instance runs at once. Default: 8. */
  concurrency?: number;
  /**
   * The secrets durable webhooks are signed with, or a function giving them (`() => [process.env.WEBHOOK_SECRET]`).
   * A job stores a fingerprint of its secret, never the secret: the instance that delivers it (another one, or this
   * one after a restart) finds the secret here, or among those its own `sendWebhook` calls were given.
   */
  webhookSecrets?: WebhookSecrets;
}

const SCHEDULER_PREFIX = 'scheduled:';

/**
 * A queue on Redis with BullMQ (an optional peer: `npm install bullmq`), for work that must survive a restart or run on
 * several instances: jobs wait in Redis, any instance's worker takes them, retries use BullMQ's exponential backoff
 * with jitter, and a job that exhausts its attempts stays in BullMQ's failed set. `@Scheduled` methods become BullMQ
 * job schedulers (one per name, upserted by every instance's `startJobs`): each tick is one job, run once across all
 * instances. Nothing connects to Redis before the queue is first used (`next build` opens no connection).
 */
export function bullmqQueue(options: BullmqQueueOptions): JobQueue & { readonly webhookSecrets?: WebhookSecrets; readonly name: string } {
  if (!options || typeof options.connection !== 'object' || options.connection === null) {
    throw new TypeError("bullmqQueue({ connection }) needs a Redis connection: an ioredis client (new Redis(url, { maxRetriesPerRequest: null })) or its options ({ host, port }).");
  }
  const name = options.name ?? 'next-app-controllers';
  if (typeof name !== 'string' || name === '' || name.includes(':')) throw new TypeError(`bullmqQueue: name must be a non-empty string without ':', got ${JSON.stringify(name)}.`);
  const concurrency = options.concurrency ?? 8;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`bullmqQueue: concurrency must be a whole number of at least 1, got ${concurrency}.`);
  const { connection } = options;
  let processor: JobProcessor | undefined;
  let queue: Promise<Queue> | undefined;
  let worker: Worker | undefined;
  let closed = false;
  const opened = () =>
    (queue ??= importBullmq().then((bullmq) => {
      const made = new bullmq.Queue(name, { connection });
      made.on('error', (error) => console.error(`next-app-controllers: the BullMQ queue ${name} failed:`, error));
      return made;
    }));

  const failedJob = (job: Job) => describeFailed(String(job.id), job.data as JobData, job.failedReason ?? '', job.attemptsMade, new Date(job.finishedOn ?? Date.now()));

  return {
    driver: 'bullmq',
    name,
    webhookSecrets: options.webhookSecrets,
    bind(bound) {
      processor = bound;
    },
    async add(data, retry) {
      if (closed) throw new Error(`The BullMQ queue ${name} is closed: no job is added after SIGTERM or close().`);
      const job = await (await opened()).add(data.kind, data, {
        attempts: retry.attempts,
        backoff: { type: 'exponential', delay: retry.backoff, jitter: 0.5 },
        removeOnComplete: { count: 1000 },
        removeOnFail: false,
      });
      return String(job.id);
    },
    async start(schedules: readonly QueueSchedule[]) {
      if (worker || closed) return;
      const bullmq = await importBullmq();
      const made = await opened();
      // Upserted by every instance (the same definition: one scheduler each), and those no longer declared removed.
      const declared = new Set(schedules.map((schedule) => SCHEDULER_PREFIX + schedule.name));
      for (const schedule of schedules) {
        await made.upsertJobScheduler(
          SCHEDULER_PREFIX + schedule.name,
          { pattern: schedule.pattern, tz: schedule.timezone ?? 'UTC' },
          { name: 'scheduled', data: { kind: 'scheduled', name: schedule.name }, opts: { attempts: schedule.attempts, backoff: { type: 'exponential', delay: schedule.backoff, jitter: 0.5 }, removeOnComplete: { count: 1000 }, removeOnFail: false } },
        );
      }
      for (const scheduler of await made.getJobSchedulers(0, -1)) {
        const key = scheduler.key ?? scheduler.id;
        if (typeof key === 'string' && key.startsWith(SCHEDULER_PREFIX) && !declared.has(key)) await made.removeJobScheduler(key);
      }
      worker = new bullmq.Worker(
        name,
        async (job) => {
          if (!processor) throw new Error('next-app-controllers: no application is bound to this queue.');
          const data = job.data as JobData;
          const scheduledAt = data.kind === 'scheduled' ? Number(job.opts.prevMillis ?? data.scheduledAt ?? job.timestamp) : job.timestamp;
          try {
            await processor({ id: String(job.id), data, attempt: job.attemptsMade + 1, attempts: job.opts.attempts ?? 1, scheduledAt });
          } catch (error) {
            const status = (error as { status?: unknown })?.status;
            if (data.kind === 'webhook' && typeof status === 'number') await job.updateData({ ...data, lastStatus: status });
            if (error instanceof FinalJobError || (error as Error)?.name === 'FinalJobError') throw new bullmq.UnrecoverableError((error as Error).message);
            throw error;
          }
        },
        { connection, concurrency },
      );
      worker.on('error', (error) => console.error(`next-app-controllers: the BullMQ worker of ${name} failed:`, error));
    },
    async failed() {
      return (await (await opened()).getFailed(0, -1)).map(failedJob);
    },
    async retry(id) {
      const job = await (await opened()).getJob(id);
      if (!job || !(await job.isFailed())) return false;
      await job.retry('failed');
      return true;
    },
    async close(timeout) {
      closed = true;
      if (worker) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const running = worker.close();
        // Past the bound, the running jobs are abandoned: BullMQ hands them to another worker once their lock expires.
        await Promise.race([running, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeout)))]);
        clearTimeout(timer);
        await worker.close(true).catch(() => {});
      }
      if (queue) await (await queue).close();
    },
  };
}
