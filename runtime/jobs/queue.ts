/** What one job carries: a durable webhook delivery, or one tick of a `@Scheduled` method. */
export type JobData = WebhookJobData | ScheduledJobData;

/** A durable `sendWebhook`: the body is made once, so every attempt sends the same bytes under the same `webhook-id`. */
export interface WebhookJobData {
  kind: 'webhook';
  endpoint: string;
  type: string;
  /** The Standard Webhooks envelope `{ type, timestamp, data }`, as sent. */
  body: string;
  /** The `webhook-id`. */
  id: string;
  /** The secret's fingerprint (jobs/secrets.ts), never the secret: it is resolved in the process that delivers. */
  secretRef: string;
  timeout: number;
  allowPrivate?: boolean;
  /** The status of the last attempt that was answered. */
  lastStatus?: number;
}

/** One tick of a `@Scheduled` method; `scheduledAt` (ms) is set by the memory queue, BullMQ's scheduler gives its own. */
export interface ScheduledJobData {
  kind: 'scheduled';
  name: string;
  scheduledAt?: number;
}

/** One attempt of a job, as the application's processor sees it. */
export interface RunningJob {
  id: string;
  data: JobData;
  /** 1 for the first attempt. */
  attempt: number;
  /** How many attempts it has in all. */
  attempts: number;
  /** When the job was meant to run (ms): a schedule's tick, else when it was added. */
  scheduledAt: number;
}

/** What runs each job: resolves when done, throws to retry (a {@link FinalJobError} is not retried). */
export type JobProcessor = (job: RunningJob) => Promise<void>;

/** A failure that retrying cannot mend (a 4xx other than 408 and 429): the job fails at once. */
export class FinalJobError extends Error {
  override name = 'FinalJobError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** How a job is retried: `attempts` in all, the first wait `backoff` ms, doubled each time, with jitter. */
export interface RetryOptions {
  attempts: number;
  backoff: number;
}

/** One `@Scheduled` method, as a queue schedules it. */
export interface QueueSchedule extends RetryOptions {
  name: string;
  pattern: string;
  timezone?: string;
}

/** A job that exhausted its attempts (or failed for good): kept until it is retried. */
export interface FailedJob {
  id: string;
  /** `'webhook'` or `'scheduled'`. */
  kind: JobData['kind'];
  /** The scheduled method's name, or the webhook's event type. */
  name: string;
  /** The last attempt's error message. */
  reason: string;
  attempts: number;
  failedAt: Date;
  /** A webhook's `webhook-id` and endpoint, and the status of its last answered attempt. */
  webhook?: { id: string; endpoint: string; lastStatus?: number };
}

/**
 * The queue an application owns (`createApplication({ queue })`): `memoryQueue()` or `bullmqQueue(...)`. The
 * application binds its processor to it; the members are the library's, not an API to call.
 */
export interface JobQueue {
  readonly driver: 'memory' | 'bullmq';
  /** Where jobs go: the application's processor (jobs/runtime.ts). */
  bind(processor: JobProcessor): void;
  /** Adds a job; resolves with its id once it is in the queue. */
  add(data: JobData, retry: RetryOptions): Promise<string>;
  /** Starts taking jobs (BullMQ: a Worker) and firing the schedules. */
  start(schedules: readonly QueueSchedule[]): Promise<void>;
  /** The jobs that exhausted their attempts, kept until retried. */
  failed(): Promise<FailedJob[]>;
  /** Puts a failed job back in the queue; false when there is no such failed job. */
  retry(id: string): Promise<boolean>;
  /** Stops taking jobs and firing schedules, and waits up to `timeout` ms for the running ones to finish. */
  close(timeout: number): Promise<void>;
}

/**
 * The wait before attempt `attempt + 1` (ms): `backoff · 2^(attempt-1)`, with jitter taking up to half of it off
 * (BullMQ's `{ type: 'exponential', jitter: 0.5 }`), so that retries of many jobs failing at once spread out.
 */
export function backoffDelay(backoff: number, attempt: number, random = Math.random()): number {
  const delay = backoff * 2 ** (attempt - 1);
  return Math.round(delay * (1 - random / 2));
}

/** The name and webhook fields of a failed job, from its data. */
export function describeFailed(id: string, data: JobData, reason: string, attempts: number, failedAt: Date): FailedJob {
  const job: FailedJob = { id, kind: data.kind, name: data.kind === 'webhook' ? data.type : data.name, reason, attempts, failedAt };
  if (data.kind === 'webhook') job.webhook = { id: data.id, endpoint: data.endpoint, lastStatus: data.lastStatus };
  return job;
}
