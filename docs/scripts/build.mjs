#!/usr/bin/env node
// `npm run docs:build` (root) → `npm run build --workspace docs`: writes the generated pages, then the static export
// in docs/out/. `next build` runs under `flock /tmp/next-build.lock` when flock exists, like the e2e tests' builds:
// only one `next build` at a time on a small machine.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DOCS = fileURLToPath(new URL('..', import.meta.url));

function run(command, args) {
  const result = spawnSync(command, args, { cwd: DOCS, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const started = performance.now();
run(process.execPath, [join(DOCS, 'scripts/generate.mjs')]);
const next = createRequire(join(DOCS, 'package.json')).resolve('next/dist/bin/next');
const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
const building = performance.now();
// The wait for another build's lock is measured here (`flock --verbose` printed stray "flock: getting lock took …"
// lines into the build's output): `flock <lock> true` returns once the lock is free.
let waited = 0;
if (hasFlock) {
  run('flock', [join(tmpdir(), 'next-build.lock'), 'true']);
  waited = performance.now() - building;
  run('flock', [join(tmpdir(), 'next-build.lock'), process.execPath, next, 'build']);
} else {
  run(process.execPath, [next, 'build']);
}
const lock = waited >= 1000 ? `, ${(waited / 1000).toFixed(1)} s of it waiting for another build` : '';
console.log(`docs: built docs/out/ in ${seconds(started)} s (next build ${seconds(building)} s${lock})`);
