import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectGenerator } from '../core/base';
import { appModuleImport, type ProjectLayout } from '../project/project';

const EXTENSIONS = ['ts', 'js', 'mts', 'mjs', 'tsx', 'jsx'];

/**
 * `src/instrumentation.ts` (or `instrumentation.ts` without src/) whose `register()` calls `startJobs(app)` in the
 * Node.js runtime, so `@Scheduled` methods and a BullMQ worker start with `next start`; for an app that uses no jobs
 * it loads next-app-controllers/jobs (no peer) and starts nothing. Written when the project has no instrumentation
 * file; when it has one without `startJobs`, the lines to add are printed instead.
 */
export function writeInstrumentation(generator: ProjectGenerator, layout: ProjectLayout): void {
  const dir = layout.sourceDir ? `${layout.sourceDir}/` : '';
  const file = `${dir}instrumentation.ts`;
  const appImport = appModuleImport(layout, file);
  const existing = EXTENSIONS.map((extension) => `${dir}instrumentation.${extension}`).find((candidate) => existsSync(join(layout.root, candidate)));
  if (existing) {
    if (readFileSync(join(layout.root, existing), 'utf8').includes('startJobs')) {
      // Already wired (a second `init`): listed, so the summary names every file init looks after.
      generator.summary.unchanged.push(existing);
      return;
    }
    generator._addManualStep(
      `${existing} exists, so it was not written. To start the app's @Scheduled jobs and queue worker with the server ` +
        '(next-app-controllers/jobs), add to its register():\n' +
        "  if (process.env.NEXT_RUNTIME === 'nodejs') {\n" +
        `    const [{ app }, { startJobs }] = await Promise.all([import('${appImport}'), import('next-app-controllers/jobs')]);\n` +
        '    await startJobs(app);\n' +
        '  }',
    );
    return;
  }
  generator._writeTemplate('instrumentation.ts.ejs', file, { appImport });
}
