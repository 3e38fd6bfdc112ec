import { backoffDelay, describeFailed, FinalJobError, type FailedJob, type JobData, type JobProcessor, type JobQueue, type QueueSchedule, type RetryOptions } from './queue';
import { nextTick } from './schedule';
import type { WebhookSecrets } from './secrets';

/** The options of {@link memoryQueue}. */
export interface MemoryQueueOptions {
  /** How many jobs run at once. Default: 8. */
  concurrency?: number;
  /** Secrets for durable webhooks (see `bullmqQueue`); in one process the ones `sendWebhook` was given are known anyway. */
  webhookSecrets?: WebhookSecrets;
}

interface MemoryJob {
  id: string;
  data: JobData;
  retry: RetryOptions;
  attempt: number;
  addedAt: number;
  failed?: FailedJob;
}

/**
 * The in-process queue, the default: jobs run in this process, retried with exponential backoff and jitter, and a job
 * that exhausts its attempts is kept in memory as failed (`failedJobs(app)`, `retryJob(app, id)`). Nothing survives a
 * restart, a deploy or a crash: a delivery waiting for its next attempt is lost with the process. Schedules fire in
 * every instance that calls `startJobs`: once per instance, not once across them (that is `bullmqQueue`).
 */
export function memoryQueue(options: MemoryQueueOptions = {}): JobQueue & { readonly webhookSecrets?: WebhookSecrets } {
  const concurrency = options.concurrency ?? 8;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`memoryQueue: concurrency must be a whole number of at least 1, got ${concurrency}.`);
  const jobs = new Map<string, MemoryJob>();
  const ready: MemoryJob[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const running = new Set<Promise<void>>();
  let processor: JobProcessor | undefined;
  let closed = false;
  let sequence = 0;

  const later = (wait: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, wait);
    // A process with nothing else to do may end: what the memory queue holds is lost with it anyway.
    (timer as { unref?(): void }).unref?.();
    timers.add(timer);
  };

  const pump = () => {
    while (processor && !closed && running.size < concurrency && ready.length > 0) {
      const job = ready.shift()!;
      const run = attempt(processor, job).finally(() => {
        running.delete(run);
        pump();
      });
      running.add(run);
    }
  };

  const attempt = async (process: JobProcessor, job: MemoryJob) => {
    job.attempt++;
    const scheduledAt = job.data.kind === 'scheduled' && job.data.scheduledAt !== undefined ? job.data.scheduledAt : job.addedAt;
    try {
      await process({ id: job.id, data: job.data, attempt: job.attempt, attempts: job.retry.attempts, scheduledAt });
      jobs.delete(job.id);
    } catch (error) {
      const status = (error as { status?: unknown })?.status;
      if (job.data.kind === 'webhook' && typeof status === 'number') job.data = { ...job.data, lastStatus: status };
      if (error instanceof FinalJobError || (error as Error)?.name === 'FinalJobError' || job.attempt >= job.retry.attempts) {
        job.failed = describeFailed(job.id, job.data, String((error as Error)?.message ?? error), job.attempt, new Date());
      } else if (!closed) {
        later(backoffDelay(job.retry.backoff, job.attempt), () => {
          ready.push(job);
          pump();
        });
      }
    }
  };

  return {
    driver: 'memory',
    webhookSecrets: options.webhookSecrets,
    bind(bound) {
      processor = bound;
      pump();
    },
    async add(data, retry) {
      if (closed) throw new Error('The memory queue is closed: no job is added after SIGTERM or close().');
      const job: MemoryJob = { id: String(++sequence), data, retry, attempt: 0, addedAt: Date.now() };
      jobs.set(job.id, job);
      ready.push(job);
      pump();
      return job.id;
    },
    async start(schedules: readonly QueueSchedule[]) {
      for (const schedule of schedules) {
        const tick = await nextTick(schedule);
        const arm = () => {
          if (closed) return;
          const at = tick(new Date());
          if (at === undefined) return;
          // setTimeout waits at most 2^31-1 ms (24.8 days): a longer wait is taken in steps.
          const wait = Math.min(at - Date.now(), 2 ** 31 - 1);
          later(Math.max(0, wait), () => {
            if (Date.now() < at) return arm();
            this.add({ kind: 'scheduled', name: schedule.name, scheduledAt: at }, schedule).catch(() => {});
            arm();
          });
        };
        arm();
      }
    },
    async failed() {
      return [...jobs.values()].flatMap((job) => (job.failed ? [job.failed] : []));
    },
    async retry(id) {
      const job = jobs.get(id);
      if (!job?.failed) return false;
      job.failed = undefined;
      job.attempt = 0;
      ready.push(job);
      pump();
      return true;
    },
    async close(timeout) {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => (timer = setTimeout(resolve, timeout)))]);
      clearTimeout(timer);
    },
  };
}
