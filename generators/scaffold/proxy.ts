import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectGenerator } from '../core/base';
import { nextMajorVersion, type ProjectLayout } from '../project/project';

const EXTENSIONS = ['ts', 'js', 'mts', 'mjs', 'tsx', 'jsx'];

/**
 * `src/proxy.ts` (Next.js 16; `middleware.ts` on Next.js 15) answering malformed percent-encoding with the API's 400.
 * Written when the project has no proxy or middleware file; when it has one without the helper, the lines to add are
 * printed instead.
 */
export function writeMalformedPathProxy(generator: ProjectGenerator, layout: ProjectLayout): void {
  const dir = layout.sourceDir ? `${layout.sourceDir}/` : '';
  const existing = ['proxy', 'middleware']
    .flatMap((name) => EXTENSIONS.map((extension) => `${dir}${name}.${extension}`))
    .find((file) => existsSync(join(layout.root, file)));
  if (existing) {
    if (readFileSync(join(layout.root, existing), 'utf8').includes('rejectMalformedPath')) {
      // Already wired (a second `init`): listed, so the summary names every file init looks after.
      generator.summary.unchanged.push(existing);
      return;
    }
    generator._addManualStep(
      `${existing} exists, so it was not written. To answer malformed percent-encoding (/api/posts/%E0%A4%A) with the API's ` +
        '400 JSON instead of Next.js\'s plain-text 500, add to it:\n' +
        "  import { rejectMalformedPath } from 'next-app-controllers/proxy';\n" +
        '  // first, in the exported function:\n' +
        '  const malformed = await rejectMalformedPath(request);\n' +
        '  if (malformed) return malformed;\n' +
        "  // and to config.matcher: '/api/:path(.*%.*)'",
    );
    return;
  }
  const name = (nextMajorVersion(layout.root) ?? 16) >= 16 ? 'proxy' : 'middleware';
  generator._writeTemplate('proxy.ts.ejs', `${dir}${name}.ts`, { exportName: name });
}
