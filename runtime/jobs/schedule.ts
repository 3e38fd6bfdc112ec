import { importCroner } from '../peers/croner';
import type { QueueSchedule } from './queue';

/** A pattern's fields: five (minute first) or six (seconds first). */
export function hasSeconds(pattern: string): boolean {
  return pattern.trim().split(/\s+/).length === 6;
}

/**
 * Checks a schedule's pattern and time zone with croner (what the memory queue fires with; BullMQ's schedulers read
 * the same patterns with cron-parser), and gives the function that finds its next tick after a date (ms), or
 * undefined when there is none.
 */
export async function nextTick(schedule: Pick<QueueSchedule, 'name' | 'pattern' | 'timezone'>): Promise<(after: Date) => number | undefined> {
  const cron = await parse(schedule);
  return (after) => cron.nextRun(after)?.getTime();
}

/** The latest tick at or before `at` (ms): what a cron route's call stands for. */
export async function previousTick(schedule: Pick<QueueSchedule, 'name' | 'pattern' | 'timezone'>, at: Date): Promise<number> {
  const cron = await parse(schedule);
  if (cron.match(at)) return Math.floor(at.getTime() / 1000) * 1000;
  return cron.previousRuns(1, at)[0]?.getTime() ?? at.getTime();
}

async function parse({ name, pattern, timezone }: Pick<QueueSchedule, 'name' | 'pattern' | 'timezone'>) {
  const { Cron } = await importCroner();
  const fields = pattern.trim().split(/\s+/).length;
  if (fields !== 5 && fields !== 6) throw new TypeError(`@Scheduled('${pattern}', { name: '${name}' }): a cron pattern has 5 fields (minute hour day month weekday), or 6 with seconds first.`);
  try {
    return new Cron(pattern, { timezone, paused: true });
  } catch (error) {
    throw new TypeError(`@Scheduled('${pattern}', { name: '${name}' }): ${(error as Error).message}`);
  }
}
