// Start-up: fresh processes that import the library and build a 200-route app, ours and Hono interleaved; and the
// gzipped size of the built runtime entry.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/**
 * What importing the library loads: dist/index.mjs and every chunk it imports statically, transitively. The chunks
 * behind dynamic imports (OpenAPI, Swagger UI, validation, the contract, SSE, CORS) load only when used and are
 * reported apart, together.
 */
export function runSize(dist = fileURLToPath(new URL('../dist/', import.meta.url)), entry = 'index.mjs') {
  const loaded = entryFiles(dist, entry);
  const extension = entry.slice(entry.lastIndexOf('.'));
  const gzip = (names) => names.reduce((sum, name) => sum + gzipSync(readFileSync(join(dist, name)), { level: 9 }).length, 0);
  const bytes = loaded.reduce((sum, name) => sum + readFileSync(join(dist, name)).length, 0);
  const lazy = readdirSync(join(dist, 'chunks'))
    .filter((name) => name.endsWith(extension) && !loaded.includes(join('chunks', name)))
    .map((name) => join('chunks', name));
  return { file: loaded.join(' + '), bytes, gzipBytes: gzip(loaded), lazyGzipBytes: gzip(lazy) };
}

/** The files `import` (`require` for a .cjs) of `entry` loads: it and every file it imports statically, transitively (paths relative to `dist`). */
export function entryFiles(dist, entry = 'index.mjs') {
  const loaded = new Set();
  const visit = (name) => {
    if (loaded.has(name)) return;
    loaded.add(name);
    const source = readFileSync(join(dist, name), 'utf8');
    // Static imports and re-exports only (`import(` is a lazy chunk), minified or not: `import{a as b}from"./x.mjs"`;
    // in a CommonJS file, `require("./x.cjs")`, but not a lazy chunk's `.then(function(){return require("./x.cjs")})`.
    for (const [, spec] of source.matchAll(/(?<![\w$.])(?:(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?|(?<!return\s*)require\()["'](\.[^"']+)["']/g)) {
      visit(join(dirname(name), spec));
    }
  };
  visit(entry);
  return [...loaded];
}
