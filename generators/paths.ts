import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Root of the package the CLI runs from: a source checkout (this file is generators/paths.ts) or an installed
 * copy (bundled into dist/cli.mjs). Found by walking up to our package.json, so both layouts resolve the same paths.
 */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'next-app-controllers') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('next-app-controllers: cannot find the package the CLI runs from.');
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot();

/** The templates folder of one generator (`generators/<name>/templates`, shipped in the package). */
export function templatesOf(generator: 'init' | 'controller' | 'resource' | 'client' | 'actions'): string {
  return join(PACKAGE_ROOT, 'generators', generator, 'templates');
}
