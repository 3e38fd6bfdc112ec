// Run by `prepare` (so `npm install` in a clone builds once), by `prepack` (so `npm pack` right after it builds
// nothing again) and by the test scripts: building the CLI bundle takes most of a minute, so this builds only when a
// source the build reads is newer than what dist/ holds (or dist/ is missing).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { restore } from './packed-manifest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['dist/index.mjs', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts', 'dist/cli.mjs'].map((file) => join(root, file));
const sources = ['runtime', 'generators', 'bin', 'build', 'rollup.config.mjs', 'package.json', 'tsconfig.json'].map((path) => join(root, path));

// The repository's package.json, if a pack was interrupted between its `prepack` and `postpack`.
restore();

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const built = outputs.every(existsSync) ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : -Infinity;
if (Math.max(...sources.filter(existsSync).map(newestMtime)) > built) {
  execFileSync('npx', ['rollup', '-c'], { cwd: root, stdio: 'inherit' });
} else {
  console.log('dist/ is up to date with its sources: not rebuilt.');
}
