import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, modify, parse, type FormattingOptions } from 'jsonc-parser';
import type { ProjectGenerator } from '../core/base';

export const OPENAPI_SCRIPT = 'next-app-controllers openapi';

/**
 * Adds `"openapi": "next-app-controllers openapi"` to package.json's scripts (`npm run openapi`, and
 * `npm run openapi -- --check` in CI), keeping the file's layout. A script of that name already there is kept.
 *
 * A `build` script that runs `next build` gets the same step first: Next.js minifies server code in production builds,
 * renaming the classes the document is named after, and the built app reads their names back from the openapi.json it
 * writes (runtime/openapi/document/recover-names.ts). Any other build script is left as it is, with a warning.
 */
export function addOpenApiScript(generator: ProjectGenerator, root: string): void {
  const path = join(root, 'package.json');
  if (!existsSync(path)) return;
  let text = readFileSync(path, 'utf8');
  const scripts = (parse(text) as { scripts?: Record<string, unknown> } | undefined)?.scripts;
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const formattingOptions: FormattingOptions = {
    insertSpaces: !indent.includes('\t'),
    tabSize: indent.includes('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
  const set = (key: string, value: string) => (text = applyEdits(text, modify(text, ['scripts', key], value, { formattingOptions })));
  const original = text;
  if (scripts?.openapi === undefined) set('openapi', OPENAPI_SCRIPT);
  else if (scripts.openapi !== OPENAPI_SCRIPT) {
    generator._addWarning(`package.json already has an "openapi" script (${String(scripts.openapi)}); it was kept. \`${OPENAPI_SCRIPT}\` writes the OpenAPI document.`);
  }
  const build = scripts?.build;
  if (typeof build === 'string' && !build.includes(OPENAPI_SCRIPT)) {
    if (/^next build\b/.test(build)) set('build', `${OPENAPI_SCRIPT} && ${build}`);
    else {
      generator._addWarning(
        `package.json's "build" script (${build}) was kept: run \`${OPENAPI_SCRIPT}\` before \`next build\`. A production build minifies the ` +
          'classes the OpenAPI document is named after, and reads their names back from the openapi.json it writes.',
      );
    }
  }
  if (text !== original) generator._editFile('package.json', text);
}
