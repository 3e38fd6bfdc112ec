// Start-up: fresh processes that import the library and build a 200-route app, ours and Hono interleaved; and the
// gzipped size of the built runtime entry.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { median } from './lib/harness.mjs';

const CHILD = fileURLToPath(new URL('./lib/startup-child.mjs', import.meta.url));

function once(which) {
  const start = process.hrtime.bigint();
  const out = execFileSync(process.execPath, [CHILD, which], { encoding: 'utf8', timeout: 30_000 });
  return { inProcess: JSON.parse(out).ms, wall: Number(process.hrtime.bigint() - start) / 1e6 };
}

export function runStartup({ runs = 21 } = {}) {
  const samples = { ours: [], hono: [] };
  once('ours');
  once('hono');
  for (let i = 0; i < runs; i++) {
    for (const which of i % 2 ? ['hono', 'ours'] : ['ours', 'hono']) samples[which].push(once(which));
  }
  const summary = (list) => ({ inProcessMs: median(list.map((s) => s.inProcess)), wallMs: median(list.map((s) => s.wall)) });
  const ours = summary(samples.ours);
  const hono = summary(samples.hono);
  return { runs, ours, hono, oursPerHono: ours.inProcessMs / hono.inProcessMs };
}

export function runSize() {
  const file = fileURLToPath(new URL('../dist/index.mjs', import.meta.url));
  const source = readFileSync(file);
  return { file: 'dist/index.mjs', bytes: source.length, gzipBytes: gzipSync(source, { level: 9 }).length };
}
