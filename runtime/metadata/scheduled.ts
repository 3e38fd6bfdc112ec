/** The options of `@Scheduled(pattern, options)` (`next-app-controllers/jobs`). */
export interface ScheduledOptions {
  /**
   * The job's name: its cron route (`<basePath>/_cron/<name>`), its BullMQ job scheduler and its log lines. Letters,
   * digits, `-` and `_`, unique in the application.
   */
  name: string;
  /** An IANA time zone the pattern is read in (`'Europe/Paris'`). Default: UTC. */
  timezone?: string;
  /** How many times a run that threw is tried in all, with exponential backoff and jitter. Default: 3. */
  attempts?: number;
  /** The first wait before a retry, in milliseconds, doubled each time, with jitter. Default: 1,000. */
  backoff?: number;
}

/** What `@Scheduled` records for one method of a controller (read by the jobs chunk, never by the dispatcher). */
export interface ScheduledRecord extends ScheduledOptions {
  /** The cron pattern: five fields, or six with seconds first. */
  pattern: string;
  propertyKey: string;
}

/**
 * `@Scheduled`'s records, per class, on `globalThis`: next-app-controllers/jobs is built apart from the library
 * (rollup.config.mjs), so the decorator's copy and the dispatcher's meet here, not in `records.ts`.
 */
export function scheduledRecords(): WeakMap<object, ScheduledRecord[]> {
  return ((globalThis as unknown as Record<symbol, WeakMap<object, ScheduledRecord[]>>)[Symbol.for('next-app-controllers.scheduled')] ??= new WeakMap());
}
