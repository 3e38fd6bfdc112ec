import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, modify, parse } from 'jsonc-parser';
import type { ProjectGenerator } from '../core/base';

export const OPENAPI_SCRIPT = 'next-app-controllers openapi';

/**
 * Adds `"openapi": "next-app-controllers openapi"` to package.json's scripts (`npm run openapi`, and
 * `npm run openapi -- --check` in CI), keeping the file's layout. A script of that name already there is kept.
 */
export function addOpenApiScript(generator: ProjectGenerator, root: string): void {
  const path = join(root, 'package.json');
  if (!existsSync(path)) return;
  const text = readFileSync(path, 'utf8');
  const scripts = (parse(text) as { scripts?: Record<string, unknown> } | undefined)?.scripts;
  if (scripts?.openapi !== undefined) {
    if (scripts.openapi !== OPENAPI_SCRIPT) {
      generator._addWarning(`package.json already has an "openapi" script (${String(scripts.openapi)}); it was kept. \`${OPENAPI_SCRIPT}\` writes the OpenAPI document.`);
    }
    return;
  }
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const edits = modify(text, ['scripts', 'openapi'], OPENAPI_SCRIPT, {
    formattingOptions: { insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' },
  });
  generator._editFile('package.json', applyEdits(text, edits));
}
