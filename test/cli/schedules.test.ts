import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { vercelCrons } from '../../generators/schedules/index';
import { BIN, REPO_ROOT, cleanup, read, tempProject, write } from './helpers';
import { exec } from './processes';

// Issue 54: `schedules --vercel` writes the crons of vercel.json from the @Scheduled methods, keeps the file's other
// keys, refuses what Vercel cannot run (a seconds field), and `--check` fails on drift. Through the built CLI in a
// child process on a temp project.

async function cli(dir: string, ...args: string[]) {
  return exec(process.execPath, [BIN, ...args], { cwd: dir, timeout: 60_000 });
}

function put(dir: string, file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  write(dir, file, text);
}

const CONTROLLER = `import { Controller, Get } from 'next-app-controllers';
import { Scheduled } from 'next-app-controllers/jobs';

@Controller('/reports')
export class ReportsController {
  @Get('')
  list() {
    return [];
  }

  @Scheduled('*/5 * * * *', { name: 'digest' })
  digest() {}

  @Scheduled('0 3 * * *', { name: 'cleanup' })
  cleanup() {}
}
`;

const APP = `import { createApplication } from 'next-app-controllers';
import { ReportsController } from './features/reports/controller';

export const app = createApplication({ controllers: [ReportsController] });
`;

function project(controller = CONTROLLER): string {
  const dir = tempProject('src');
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  write(dir, 'tsconfig.json', read(dir, 'tsconfig.json').replace('"strict": true,', '"strict": true,\n    "experimentalDecorators": true,\n    "emitDecoratorMetadata": true,'));
  put(dir, 'src/features/reports/controller.ts', controller);
  put(dir, 'src/app.ts', APP);
  return dir;
}

const vercel = suite('schedules --vercel');

vercel.after.each(cleanup);

vercel('writes one cron per @Scheduled method at <basePath>/_cron/<name>, keeping the other keys of vercel.json', async () => {
  const dir = project();
  write(dir, 'vercel.json', `${JSON.stringify({ framework: 'nextjs', crons: [{ path: '/api/own-task', schedule: '0 0 * * 0' }, { path: '/api/_cron/gone', schedule: '* * * * *' }] }, null, 2)}\n`);
  const result = await cli(dir, 'schedules', '--vercel');
  assert.is(result.code, 0, result.output);
  assert.match(result.output, 'Wrote the crons of vercel.json: 2 crons (/api/_cron/digest, /api/_cron/cleanup).');
  assert.equal(JSON.parse(read(dir, 'vercel.json')), {
    framework: 'nextjs',
    crons: [
      { path: '/api/own-task', schedule: '0 0 * * 0' },
      { path: '/api/_cron/digest', schedule: '*/5 * * * *' },
      { path: '/api/_cron/cleanup', schedule: '0 3 * * *' },
    ],
  });
});

vercel('writes vercel.json when the project has none', async () => {
  const dir = project();
  const result = await cli(dir, 'schedules', '--vercel');
  assert.is(result.code, 0, result.output);
  assert.is(
    read(dir, 'vercel.json'),
    `${JSON.stringify({ crons: [{ path: '/api/_cron/digest', schedule: '*/5 * * * *' }, { path: '/api/_cron/cleanup', schedule: '0 3 * * *' }] }, null, 2)}\n`,
  );
});

vercel('refuses a schedule with a seconds field, naming the job, and writes nothing', async () => {
  const dir = project(CONTROLLER.replace("'*/5 * * * *', { name: 'digest' }", "'*/30 * * * * *', { name: 'digest' }"));
  write(dir, 'vercel.json', '{ "framework": "nextjs" }\n');
  const result = await cli(dir, 'schedules', '--vercel');
  assert.is(result.code, 1, result.output);
  assert.match(result.output, "@Scheduled('*/30 * * * * *', { name: 'digest' }) has a seconds field: Vercel's crons run at most once a minute.");
  assert.is(read(dir, 'vercel.json'), '{ "framework": "nextjs" }\n');
});

vercel('--check passes on the file it wrote, then exits 1 when a schedule changes', async () => {
  const dir = project();
  assert.is((await cli(dir, 'schedules', '--vercel')).code, 0);
  const passing = await cli(dir, 'schedules', '--vercel', '--check');
  assert.is(passing.code, 0, passing.output);
  assert.match(passing.output, 'vercel.json matches the sources: 2 crons.');
  put(dir, 'src/features/reports/controller.ts', CONTROLLER.replace("'0 3 * * *'", "'0 4 * * *'"));
  const drift = await cli(dir, 'schedules', '--vercel', '--check');
  assert.is(drift.code, 1, drift.output);
  assert.match(drift.output, "vercel.json's crons do not match the @Scheduled methods: run `next-app-controllers schedules --vercel` to update them.");
  assert.match(drift.output, '"schedule": "0 4 * * *"');
});

vercel('--check exits 1 when vercel.json is missing', async () => {
  const dir = project();
  const result = await cli(dir, 'schedules', '--vercel', '--check');
  assert.is(result.code, 1, result.output);
  assert.match(result.output, 'vercel.json does not exist: run `next-app-controllers schedules --vercel` and commit it.');
});

vercel.run();

const usage = suite('schedules: usage');

usage('--check without --vercel is a usage error (exit 2): it compares vercel.json', async () => {
  const dir = project();
  const result = await cli(dir, 'schedules', '--check');
  assert.is(result.code, 2, result.output);
  assert.match(result.output, '--check compares vercel.json: use it with --vercel.');
  cleanup();
});

usage('without --vercel it lists the schedules with their routes and writes nothing', async () => {
  const dir = project();
  const result = await cli(dir, 'schedules');
  assert.is(result.code, 0, result.output);
  assert.match(result.output, 'digest  */5 * * * *  /api/_cron/digest\ncleanup  0 3 * * *  /api/_cron/cleanup');
  assert.not.ok(existsSync(join(dir, 'vercel.json')));
  cleanup();
});

usage.run();

const crons = suite('vercelCrons');

crons('refuses a time zone other than UTC, naming the job: Vercel reads patterns in UTC', () => {
  const schedule = { name: 'report', pattern: '0 8 * * *', path: '/api/_cron/report' };
  assert.equal(vercelCrons([{ ...schedule, timezone: 'UTC' }]), [{ path: '/api/_cron/report', schedule: '0 8 * * *' }]);
  assert.throws(
    () => vercelCrons([{ ...schedule, timezone: 'Europe/Paris' }]),
    (error: Error) => error.message === "@Scheduled('0 8 * * *', { name: 'report', timezone: 'Europe/Paris' }): Vercel's crons run in UTC. Write the pattern in UTC and drop the time zone.",
  );
});

crons.run();
