// Shared by the docs site's tests (test/docs/): the repository's folders and running a script to its end.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DOCS = join(ROOT, 'docs');
export const FIXTURES = join(ROOT, 'test', 'fixtures', 'docs');

export interface Run {
  code: number;
  output: string;
}

/** `node <script> ...args` from the repository root; stdout and stderr together. */
export function runScript(script: string, args: string[] = [], env: Record<string, string> = {}): Run {
  const result = spawnSync(process.execPath, [join(ROOT, script), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

/**
 * A temporary folder inside the repository (.tmp/, gitignored), so that `next-app-controllers` and the type packages
 * resolve from its node_modules as they do for docs/. Removed by `remove()`.
 */
export function tempInRepo(prefix: string): { dir: string; remove(): void } {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.tmp', prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A copy of the docs' samples and pages in a temporary folder, to break one of them. */
export function copyOfDocsSources(): { dir: string; remove(): void } {
  const temp = tempInRepo('docs-sources-');
  cpSync(join(DOCS, 'samples'), join(temp.dir, 'samples'), { recursive: true, filter: (path) => !/[/\\]\.tsconfig\.check-/.test(path) });
  cpSync(join(DOCS, 'content'), join(temp.dir, 'content'), { recursive: true });
  return temp;
}
