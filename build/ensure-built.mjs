// `npm test` runs several suites that each need dist/; building the CLI bundle takes most of a minute, so a suite
// rebuilds only when a source the build reads is newer than what dist/ holds (or dist/ is missing).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['dist/index.mjs', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts', 'dist/cli.mjs'].map((file) => join(root, file));
const sources = ['runtime', 'generators', 'bin', 'build', 'rollup.config.mjs', 'package.json', 'tsconfig.json'].map((path) => join(root, path));

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
