import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors';
import { inProject, loadAppModule } from '../document/openapi-document';
import { detectProject } from '../project/project';

export interface SchedulesCommand {
  cwd: string;
  /** Write (or with `check`, compare) the `crons` of vercel.json. */
  vercel?: boolean;
  /** Write nothing: exit 1 when vercel.json's `crons` do not match the declarations. */
  check?: boolean;
  print: (text: string) => void;
  printError: (text: string) => void;
}

/** One `@Scheduled` method, as next-app-controllers/jobs's `listSchedules` gives it. */
export interface ScheduleEntry {
  name: string;
  pattern: string;
  timezone?: string;
  path: string;
}

export interface VercelCron {
  path: string;
  schedule: string;
}

export const VERCEL_FILE = 'vercel.json';

/**
 * `next-app-controllers schedules [--vercel [--check]]`: the app's `@Scheduled` methods, read from the sources as
 * `openapi` reads its routes (no server, no build). Alone it lists them; with `--vercel` it writes the `crons` of
 * vercel.json (its other keys, and crons that are not cron routes of ours, kept as they are); with `--check` it
 * writes nothing and exits 1 when the file does not match. Vercel runs crons by the minute in UTC: a schedule with a
 * seconds field or a time zone is refused (a UserError naming it) before anything is written. Returns the exit code.
 */
export async function runSchedulesCommand(command: SchedulesCommand): Promise<number> {
  const layout = detectProject(command.cwd);
  const schedules = await inProject(layout, 'the schedules', async (modules) => {
    const appModule = loadAppModule(modules, layout);
    const applications = Object.values(modules.load(appModule)).filter(isApplication);
    if (applications.length === 0) {
      throw new UserError(`${layout.appModule} exports no application: export the one createApplication() makes (export const app = createApplication(...)).`);
    }
    const jobs = modules.require('next-app-controllers/jobs', appModule) as { listSchedules(app: object): Promise<ScheduleEntry[]> };
    const lists = await Promise.all(applications.map((application) => jobs.listSchedules(application)));
    return lists.flat();
  });

  if (!command.vercel) {
    if (schedules.length === 0) command.print(`No @Scheduled methods in ${layout.appModule}'s applications.`);
    for (const schedule of schedules) command.print(`${schedule.name}  ${schedule.pattern}${schedule.timezone ? ` (${schedule.timezone})` : ''}  ${schedule.path}`);
    return 0;
  }

  const crons = vercelCrons(schedules);
  const file = join(layout.root, VERCEL_FILE);
  const config = readVercelConfig(file);
  const kept = Array.isArray(config?.crons) ? (config.crons as VercelCron[]).filter((cron) => !isCronRoute(cron)) : [];
  const wanted = [...kept, ...crons];
  const plural = `${crons.length} cron${crons.length === 1 ? '' : 's'}`;

  if (command.check) {
    if (config === undefined) {
      command.printError(`${VERCEL_FILE} does not exist: run \`next-app-controllers schedules --vercel\` and commit it.`);
      return 1;
    }
    if (JSON.stringify(config.crons ?? []) !== JSON.stringify(wanted)) {
      command.printError(`${VERCEL_FILE}'s crons do not match the @Scheduled methods: run \`next-app-controllers schedules --vercel\` to update them. Expected:`);
      command.printError(JSON.stringify(wanted, null, 2));
      return 1;
    }
    command.print(`${VERCEL_FILE} matches the sources: ${plural}.`);
    return 0;
  }

  writeFileSync(file, `${JSON.stringify({ ...(config ?? {}), crons: wanted }, null, 2)}\n`);
  command.print(`Wrote the crons of ${VERCEL_FILE}: ${plural}${crons.length > 0 ? ` (${crons.map((cron) => cron.path).join(', ')})` : ''}.`);
  return 0;
}

/** The crons Vercel runs for the schedules; a UserError names the first schedule Vercel cannot run as declared. */
export function vercelCrons(schedules: readonly ScheduleEntry[]): VercelCron[] {
  return schedules.map((schedule) => {
    const fields = schedule.pattern.trim().split(/\s+/).length;
    if (fields === 6) {
      throw new UserError(
        `@Scheduled('${schedule.pattern}', { name: '${schedule.name}' }) has a seconds field: Vercel's crons run at most once a minute. Use five fields, or run it under next start with startJobs.`,
      );
    }
    if (schedule.timezone !== undefined && schedule.timezone !== 'UTC' && schedule.timezone !== 'Etc/UTC') {
      throw new UserError(
        `@Scheduled('${schedule.pattern}', { name: '${schedule.name}', timezone: '${schedule.timezone}' }): Vercel's crons run in UTC. Write the pattern in UTC and drop the time zone.`,
      );
    }
    return { path: schedule.path, schedule: schedule.pattern.trim() };
  });
}

/** A cron of ours: its path is a cron route (`…/_cron/<name>`). Others in vercel.json are the user's, kept. */
function isCronRoute(cron: unknown): boolean {
  return typeof (cron as VercelCron)?.path === 'string' && /\/_cron\/[A-Za-z0-9_-]+$/.test((cron as VercelCron).path);
}

function readVercelConfig(file: string): Record<string, unknown> | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const config = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (typeof config !== 'object' || config === null || Array.isArray(config)) throw new Error('not an object');
    return config as Record<string, unknown>;
  } catch (error) {
    throw new UserError(`${VERCEL_FILE} is not a JSON object: ${(error as Error).message}`);
  }
}

function isApplication(value: unknown): value is object {
  return typeof value === 'object' && value !== null && typeof (value as { handle?: unknown }).handle === 'function' && typeof (value as { basePath?: unknown }).basePath === 'string';
}
