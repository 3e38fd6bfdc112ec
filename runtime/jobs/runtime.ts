import { RouteContext } from '../core/context';
import { pathnameOf } from '../core/path';
import { timingSafeEqual } from '../auth/timing-safe-equal';
import type { ErrorResponder } from '../errors/error-handler';
import { HttpError } from '../errors/http-error';
import type { RequestLogger } from '../logging/logger';
import type { Tracing } from '../tracing/spans';
import { scheduledRecords } from '../metadata/scheduled';
import type { Class } from '../types';
import { memoryQueue } from './memory-queue';
import { backoffDelay, type JobQueue, type QueueSchedule, type RunningJob } from './queue';
import { previousTick, nextTick } from './schedule';
import type { ScheduledContext } from './scheduled';
import type { WebhookSecrets } from './secrets';
import { deliverWebhook } from './webhook-job';
import { jobsEntry } from './registry';

/** What the jobs read of the application's settings (the dispatcher's). */
export interface JobsSettings {
  basePath: string;
  routes: readonly { definition: { controller: Class }; instance: object }[];
  controllers?: readonly Class[];
  log?: RequestLogger;
  queue?: JobQueue;
}

/** One `@Scheduled` method, bound to its controller's instance. */
export interface BoundSchedule extends QueueSchedule {
  run(context: ScheduledContext): unknown;
}

/** An application's jobs: its queue with the processor bound, its schedules, its cron routes. */
export interface JobsRuntime {
  readonly queue: JobQueue & { webhookSecrets?: WebhookSecrets };
  readonly schedules: ReadonlyMap<string, BoundSchedule>;
  /** No queue declared and no schedule: `startJobs` has nothing to start (the in-process queue runs jobs as they come). */
  readonly idle: boolean;
  /** Starts the queue's worker (BullMQ) and the schedules: `startJobs`, once per process. */
  start(): Promise<void>;
  close(timeout: number): Promise<void>;
  /** The dispatch with the cron routes, `<basePath>/_cron/<name>`, in front. */
  route(dispatch: (request: Request) => Promise<Response>, fail: ErrorResponder): (request: Request) => Promise<Response>;
}

/**
 * The jobs of `app`, once its dispatcher is built: every dispatcher publishes its application's (dispatch/dispatch.ts
 * writes this registry on `globalThis`), the jobs it built for an application with a queue or a schedule, else what
 * building them here needs (the in-process queue, for a durable `sendWebhook`).
 */
export function jobsOf(app: object): Promise<JobsRuntime> {
  const entry = jobsEntry(app);
  return (entry.built ??= entry.promise.then((value) => {
    if (!('settings' in (value as object))) return value;
    const { settings, tracing } = value as { settings: JobsSettings; tracing?: Tracing };
    return attachJobs(settings, tracing);
  })) as Promise<JobsRuntime>;
}

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF = 1_000;

/**
 * Builds an application's jobs: loaded by the dispatcher of an application with a queue or a `@Scheduled` method. With
 * `tracing` (`createApplication({ tracing: true })`), each run of a scheduled method is a span named `job <name>`, and
 * each attempt of a durable webhook one named `webhook <type>`.
 */
export async function attachJobs(settings: JobsSettings, tracing?: Tracing): Promise<JobsRuntime> {
  const queue = settings.queue ?? memoryQueue();
  if (typeof queue?.bind !== 'function') throw new TypeError('createApplication({ queue }) takes memoryQueue() or bullmqQueue({ connection }) from next-app-controllers/jobs.');
  const schedules = await boundSchedules(settings);
  const log = settings.log;
  const basePath = settings.basePath;

  const traced = (name: string, attributes: Record<string, string | number>, run: () => Promise<void>) => (tracing ? tracing.job(name, attributes, run) : run());

  const runScheduled = (schedule: BoundSchedule, job: Pick<RunningJob, 'id' | 'attempt' | 'attempts' | 'scheduledAt'>) => {
    const fields = { job: schedule.name, jobId: job.id, attempt: job.attempt, attempts: job.attempts, scheduledAt: new Date(job.scheduledAt).toISOString() };
    const attributes = { 'next_app_controllers.job': schedule.name, 'next_app_controllers.job.id': job.id, 'next_app_controllers.job.attempt': job.attempt, 'next_app_controllers.job.scheduled_at': fields.scheduledAt };
    return traced(`job ${schedule.name}`, attributes, async () => {
      const started = performance.now();
      try {
        await schedule.run({ name: schedule.name, scheduledAt: new Date(job.scheduledAt), attempt: job.attempt });
        write('info', { ...fields, durationMs: since(started) }, `job ${schedule.name} done`);
      } catch (error) {
        const last = job.attempt >= job.attempts;
        write(last ? 'error' : 'warn', { ...fields, durationMs: since(started), err: error }, `job ${schedule.name} failed${last ? ' for good' : ', retried'}`);
        throw error;
      }
    });
  };

  const write = (level: 'info' | 'warn' | 'error', fields: object, message: string) => {
    try {
      if (log) log[level](fields, message);
      else if (level === 'error') console.error(`next-app-controllers: ${message}:`, (fields as { err?: unknown }).err);
    } catch (logError) {
      console.error('next-app-controllers: the log threw:', logError);
    }
  };

  queue.bind(async (job) => {
    const { data } = job;
    if (data.kind === 'webhook') {
      const attributes = { 'next_app_controllers.job': 'webhook', 'next_app_controllers.job.id': job.id, 'next_app_controllers.job.attempt': job.attempt, 'next_app_controllers.webhook.id': data.id, 'next_app_controllers.webhook.type': data.type };
      return traced(`webhook ${data.type}`, attributes, async () => {
        try {
          return await deliverWebhook(data, queue);
        } catch (error) {
          if (job.attempt >= job.attempts || (error as Error)?.name === 'FinalJobError') write('error', { job: 'webhook', jobId: job.id, webhookId: data.id, type: data.type, attempt: job.attempt, status: (error as { status?: number }).status, err: error }, `webhook ${data.type} failed for good`);
          throw error;
        }
      });
    }
    const schedule = schedules.get(data.name);
    if (!schedule) throw new Error(`No @Scheduled method named ${data.name} in this application.`);
    return runScheduled(schedule, job);
  });

  const cronPrefix = `${basePath === '/' ? '' : basePath}/_cron/`;
  return {
    queue,
    schedules,
    idle: settings.queue === undefined && schedules.size === 0,
    start: () => queue.start([...schedules.values()]),
    close: (timeout) => queue.close(timeout),
    route(dispatch, fail) {
      return (request) => {
        const path = pathnameOf(request.url);
        const schedule = path.startsWith(cronPrefix) ? schedules.get(path.slice(cronPrefix.length)) : undefined;
        if (!schedule) return dispatch(request);
        return cronRoute(request, schedule, fail, runScheduled);
      };
    },
  };
}

/**
 * `<basePath>/_cron/<name>`, for Vercel's crons or any other: `Authorization: Bearer $CRON_SECRET`, compared in
 * constant time, else 401; with no CRON_SECRET set, refused in production (401) and open elsewhere (development).
 * The run is the tick at or before now, in this request, retried in it as its schedule says.
 */
async function cronRoute(request: Request, schedule: BoundSchedule, fail: ErrorResponder, run: (schedule: BoundSchedule, job: Pick<RunningJob, 'id' | 'attempt' | 'attempts' | 'scheduledAt'>) => Promise<void>): Promise<Response> {
  const context = new RouteContext(request, {}, () => crypto.randomUUID());
  if (request.method !== 'GET' && request.method !== 'POST') return fail(new HttpError(405, `${request.method} is not allowed on a cron route: GET or POST.`, { headers: { allow: 'GET, POST' } }), context);
  const secret = process.env.CRON_SECRET;
  const challenge = { headers: { 'www-authenticate': 'Bearer' } };
  if (secret === undefined || secret === '') {
    if (process.env.NODE_ENV === 'production') return fail(new HttpError(401, 'CRON_SECRET is not set: cron routes are refused until it is.', challenge), context);
  } else if (!timingSafeEqual(request.headers.get('authorization') ?? '', `Bearer ${secret}`)) {
    return fail(new HttpError(401, 'A cron route needs Authorization: Bearer $CRON_SECRET.', challenge), context);
  }
  const scheduledAt = await previousTick(schedule, new Date());
  const id = `cron:${schedule.name}:${scheduledAt}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await run(schedule, { id, attempt, attempts: schedule.attempts, scheduledAt });
      return Response.json({ name: schedule.name, scheduledAt: new Date(scheduledAt).toISOString(), attempts: attempt });
    } catch (error) {
      if (attempt >= schedule.attempts) return fail(new HttpError(500, `The job ${schedule.name} failed after ${attempt} attempt${attempt === 1 ? '' : 's'}.`, { cause: error }), context);
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(schedule.backoff, attempt)));
    }
  }
}

/** Every `@Scheduled` method of the application's controllers, checked (names unique, patterns and time zones read). */
async function boundSchedules(settings: JobsSettings): Promise<Map<string, BoundSchedule>> {
  const instances = new Map<Class, object>(settings.routes.map(({ definition, instance }) => [definition.controller, instance]));
  const schedules = new Map<string, BoundSchedule>();
  for (const controller of settings.controllers ?? []) {
    for (const record of scheduledRecords().get(controller) ?? []) {
      if (schedules.has(record.name)) throw new TypeError(`@Scheduled: two methods are named ${record.name}; a schedule's name is its route and its BullMQ scheduler, one per application.`);
      let instance = instances.get(controller);
      // A controller with schedules and no route is constructed here, once, as createApplication does for the others.
      if (!instance) instances.set(controller, (instance = new controller() as object));
      const method = (instance as Record<string, unknown>)[record.propertyKey];
      if (typeof method !== 'function') throw new TypeError(`@Scheduled: ${controller.name}.${record.propertyKey} is not a method.`);
      const schedule: BoundSchedule = {
        name: record.name,
        pattern: record.pattern,
        timezone: record.timezone,
        attempts: record.attempts ?? DEFAULT_ATTEMPTS,
        backoff: record.backoff ?? DEFAULT_BACKOFF,
        run: (context) => method.call(instance, context),
      };
      await nextTick(schedule);
      schedules.set(record.name, schedule);
    }
  }
  return schedules;
}

function since(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}
