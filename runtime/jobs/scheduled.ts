import { scheduledRecords, type ScheduledOptions } from '../metadata/scheduled';

/** What a `@Scheduled` method is called with. */
export interface ScheduledContext {
  /** The schedule's name. */
  name: string;
  /** The tick this run is for: when it was scheduled, not when it started (a late or retried run keeps it). */
  scheduledAt: Date;
  /** 1 for the first attempt of this tick. */
  attempt: number;
}

const NAME = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Runs the method on a cron schedule: `'*\/5 * * * *'` (five fields), or six with seconds first, read in UTC or
 * `timezone`. Its errors are retried (`attempts`, `backoff`) and logged. The same declaration runs under `next start`
 * (`startJobs(app)` in instrumentation.ts: once per instance with the memory queue, once across instances with
 * `bullmqQueue`), on Vercel (`next-app-controllers schedules --vercel` and the `<basePath>/_cron/<name>` route), or from
 * any cron calling that route with `Authorization: Bearer $CRON_SECRET`. Recorded only: the jobs chunk reads it.
 */
export function Scheduled(pattern: string, options: ScheduledOptions): MethodDecorator {
  if (typeof pattern !== 'string' || pattern.trim() === '') throw new TypeError("@Scheduled(pattern, { name }) needs a cron pattern, e.g. '*/5 * * * *'.");
  if (!options || typeof options.name !== 'string' || !NAME.test(options.name)) {
    throw new TypeError(`@Scheduled('${pattern}', { name }) needs a name of letters, digits, - and _ (its route is <basePath>/_cron/<name>), got ${JSON.stringify(options?.name)}.`);
  }
  for (const key of ['attempts', 'backoff'] as const) {
    const value = options[key];
    if (value !== undefined && (!Number.isInteger(value) || value < (key === 'attempts' ? 1 : 0))) throw new RangeError(`@Scheduled('${pattern}', { name: '${options.name}' }): ${key} must be a whole number, got ${value}.`);
  }
  return (target, propertyKey) => {
    if (typeof propertyKey !== 'string') throw new TypeError('@Scheduled decorates a method with a string name.');
    const records = scheduledRecords();
    const list = records.get(target.constructor) ?? [];
    records.set(target.constructor, [...list, { ...options, pattern: pattern.trim(), propertyKey }]);
  };
}
