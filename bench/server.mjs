// `npm run bench:server` (opt-in): a real Next server under `next start`, autocannon against a route of ours behind
// the catch-all route file and against the same answer from a plain route file, alternating; req/s and p99.
//
// The app: the example app (example/) when it has src/app/plain/items/[id]/route.ts (unless --scratch); otherwise a
// scratch app written to .tmp/bench-server (git-ignored; inside the repository so that next, react and the built
// dist resolve from the repository's node_modules). Builds are serialised with `flock /tmp/next-build.lock`.
// Only 127.0.0.1 is targeted. Options: --seconds N (per run, default 8), --rounds N (default 5), --connections N.
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/harness.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => { const [k, v = ''] = a.trim().split(/\s+/); return [k, v]; }));
const seconds = Number(args.seconds ?? 8);
const rounds = Number(args.rounds ?? 5);
const connections = Number(args.connections ?? 10);

const SCRATCH = {
  'package.json': JSON.stringify({ name: 'nac-bench-server', private: true }, null, 2),
  'next.config.mjs': `export default { experimental: { serverMinification: false } };\n`,
  'src/app.js': `// Decorators called directly, so the scratch app needs no TypeScript set-up.
import { Controller, Get, createApplication } from '../../../dist/index.mjs';

class ItemsController {
  one(context) {
    return { id: context.params.id };
  }
}
Get('/:id')(ItemsController.prototype, 'one');
Controller('/items')(ItemsController);

// Nineteen more controllers of ten routes, declared after /items, so the router has a realistic table to search.
const controllers = [ItemsController];
for (let c = 0; c < 19; c++) {
  const cls = class {};
  Object.defineProperty(cls, 'name', { value: 'C' + c });
  const routes = [['GET', ''], ['POST', ''], ['GET', '/:id'], ['PUT', '/:id'], ['DELETE', '/:id'], ['GET', '/:id/items'],
    ['POST', '/:id/items'], ['GET', '/:id/items/:itemId'], ['PUT', '/:id/items/:itemId'], ['DELETE', '/:id/items/:itemId']];
  routes.forEach(([method, p], r) => {
    cls.prototype['r' + r] = () => ({ c, r });
    ({ GET: Get })[method]?.(p)(cls.prototype, 'r' + r);
  });
  Controller('/c' + c)(cls);
  controllers.push(cls);
}
export const app = createApplication({ controllers });
`,
  'src/app/api/[[...route]]/route.js': `import { app } from '../../../app.js';\n\nexport const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = app.handlers;\n`,
  'src/app/plain/items/[id]/route.js': `export async function GET(request, { params }) {
  const { id } = await params;
  return new Response(JSON.stringify({ id }), { status: 200, headers: { 'content-type': 'application/json' } });
}
`,
};

function chooseApp() {
  const example = path.join(root, 'example');
  const plain = ['src/app/plain/items/[id]/route.ts', 'app/plain/items/[id]/route.ts'].some((f) => existsSync(path.join(example, f)));
  if (plain && args.scratch === undefined) {
    // Override the compared paths with --ours /api/... --plain /plain/items/... when the example's data differ.
    return { dir: example, ours: args.ours ?? '/api/posts/1', plain: args.plain ?? '/plain/items/1', kind: 'example' };
  }
  const dir = path.join(root, '.tmp/bench-server');
  rmSync(path.join(dir, 'src'), { recursive: true, force: true });
  for (const [file, text] of Object.entries(SCRATCH)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return { dir, ours: '/api/items/42', plain: '/plain/items/42', kind: 'scratch' };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return response;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

function cannon(url, duration = seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const app = chooseApp();
const next = path.join(root, 'node_modules/.bin/next');
console.log(`Building the ${app.kind} app in ${path.relative(root, app.dir)} (waiting for /tmp/next-build.lock)…`);
execFileSync('flock', ['/tmp/next-build.lock', next, 'build'], { cwd: app.dir, stdio: ['ignore', 'ignore', 'inherit'], timeout: 15 * 60_000 });
const port = await freePort();
const server = spawn(next, ['start', '-H', '127.0.0.1', '-p', String(port)], { cwd: app.dir, stdio: 'ignore', detached: false });
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);
try {
  const base = `http://127.0.0.1:${port}`;
  const urls = { ours: base + app.ours, plain: base + app.plain };
  for (const [name, url] of Object.entries(urls)) {
    const response = await waitFor(url, 60_000);
    if (response.status !== 200) throw new Error(`${name} ${url} answered ${response.status}`);
  }
  const [a, b] = await Promise.all(Object.values(urls).map(async (url) => (await fetch(url)).text()));
  console.log(`ours ${app.ours} → ${a}\nplain ${app.plain} → ${b}`);
  // Warm-up: JIT and Next's lazy route loading.
  await cannon(urls.ours, 3);
  await cannon(urls.plain, 3);
  const samples = { ours: [], plain: [] };
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? ['plain', 'ours'] : ['ours', 'plain']) {
      const result = await cannon(urls[name]);
      if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      samples[name].push({ rps: result.requests.average, p99: result.latency.p99 });
      console.log(`round ${round + 1} ${name.padEnd(5)} ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
    }
  }
  const summary = (list) => ({ rps: median(list.map((s) => s.rps)), p99: median(list.map((s) => s.p99)) });
  const results = {
    node: process.version,
    date: new Date().toISOString(),
    app: app.kind,
    connections,
    seconds,
    rounds,
    ours: summary(samples.ours),
    plain: summary(samples.plain),
    samples,
  };
  results.oursPerPlain = results.ours.rps / results.plain.rps;
  console.log(`median req/s: ours ${results.ours.rps.toFixed(0)} (p99 ${results.ours.p99} ms), plain ${results.plain.rps.toFixed(0)} (p99 ${results.plain.p99} ms); ours/plain ${results.oursPerPlain.toFixed(3)} (target ≥ 0.95)`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/server-latest.json'), JSON.stringify(results, null, 2));
} finally {
  stop();
}
