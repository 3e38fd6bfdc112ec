import { jobsOf } from './runtime';
import type { FailedJob } from './queue';

/** The options of {@link startJobs}. */
export interface StartJobsOptions {
  /** How long a running job may take to finish after SIGTERM before the process goes on closing, in ms. Default: 10,000. */
  shutdownTimeout?: number;
}

const STARTED = Symbol.for('next-app-controllers.jobs-started');

/**
 * Starts the application's jobs in this process: its schedules, and with `bullmqQueue` the worker that takes jobs
 * from Redis. Call it from `register()` in instrumentation.ts. It does nothing on the Edge runtime (`NEXT_RUNTIME` is
 * not `'nodejs'`), during `next build` (`NEXT_PHASE` is `'phase-production-build'`: no scheduler, no Redis
 * connection), for an application with no queue and no `@Scheduled` method (nothing to start), or a second time in
 * the process for the same basePath (`register()` can run more than once, and
 * Next.js bundles may each hold a copy of the app). On SIGTERM the queue stops taking jobs and waits up to
 * `shutdownTimeout` for the running ones. Resolves false when it did not start.
 */
export async function startJobs(app: object, options: StartJobsOptions = {}): Promise<boolean> {
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
  if (env.NEXT_RUNTIME !== undefined && env.NEXT_RUNTIME !== 'nodejs') return false;
  if (env.NEXT_PHASE === 'phase-production-build') return false;
  const shutdownTimeout = options.shutdownTimeout ?? 10_000;
  if (!Number.isInteger(shutdownTimeout) || shutdownTimeout < 0) throw new RangeError(`startJobs: shutdownTimeout must be a whole number of milliseconds, got ${shutdownTimeout}.`);
  const started = ((globalThis as unknown as Record<symbol, Set<string>>)[STARTED] ??= new Set());
  const key = (app as { basePath?: string }).basePath ?? '';
  if (started.has(key)) return false;
  started.add(key);
  const jobs = await withTimeout(jobsOf(app));
  // An application with no queue and no schedule (instrumentation.ts as `init` writes it, before any job): nothing to
  // start, and no SIGTERM listener.
  if (jobs.idle) return false;
  await jobs.start();
  process.once('SIGTERM', () => {
    jobs.close(shutdownTimeout).then(
      // Next.js exits on SIGTERM by itself unless NEXT_MANUAL_SIG_HANDLE is set: then no one else will.
      () => process.listenerCount('SIGTERM') === 0 && process.exit(0),
      (error: unknown) => console.error('next-app-controllers: closing the queue failed:', error),
    );
  });
  return true;
}

/** Stops the application's jobs in this process (tests, a custom shutdown): as on SIGTERM. */
export async function stopJobs(app: object, timeout = 10_000): Promise<void> {
  const jobs = await withTimeout(jobsOf(app));
  (globalThis as unknown as Record<symbol, Set<string> | undefined>)[STARTED]?.delete((app as { basePath?: string }).basePath ?? '');
  await jobs.close(timeout);
}

/** The application's failed jobs: those that exhausted their attempts or failed for good (BullMQ's failed set). */
export async function failedJobs(app: object): Promise<FailedJob[]> {
  const jobs = await withTimeout(jobsOf(app));
  return jobs.queue.failed();
}

/** Puts a failed job back in the queue, its attempts counted afresh; false when there is no such failed job. */
export async function retryJob(app: object, id: string): Promise<boolean> {
  const jobs = await withTimeout(jobsOf(app));
  return jobs.queue.retry(id);
}

/** One `@Scheduled` method of an application, as {@link listSchedules} gives it. */
export interface ScheduleEntry {
  name: string;
  /** The cron pattern: five fields, or six with seconds first. */
  pattern: string;
  /** The IANA time zone it is read in; undefined for UTC. */
  timezone?: string;
  /** Its cron route: `<basePath>/_cron/<name>`. */
  path: string;
}

/**
 * The application's `@Scheduled` methods, in declaration order, with their cron routes (what
 * `next-app-controllers schedules --vercel` writes into vercel.json). Starts nothing.
 */
export async function listSchedules(app: object): Promise<ScheduleEntry[]> {
  const jobs = await withTimeout(jobsOf(app));
  const basePath = (app as { basePath?: string }).basePath ?? '';
  const prefix = `${basePath === '/' ? '' : basePath}/_cron/`;
  return [...jobs.schedules.values()].map(({ name, pattern, timezone }) => ({ name, pattern, ...(timezone === undefined ? {} : { timezone }), path: `${prefix}${name}` }));
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('next-app-controllers/jobs: the application has not built its dispatcher within 30 s (see the error printed when it was created). Was it made by createApplication?')), 30_000);
    (timer as { unref?(): void }).unref?.();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
