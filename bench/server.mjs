// `npm run bench:server`: the real server. Three scratch Next apps serve the same 20 × 10-route API (bench/server/apps.mjs):
// ours, plain route files and Hono in a catch-all. Under `next start`, pinned to one core with autocannon on the other,
// it measures in one run, candidates interleaved over rounds: GET and `@Body` POST req/s and p99, cold start (spawn →
// first 200 of the POST), memory (RSS of the server's process tree after a mix of requests) and the serverless shape
// (a fresh Node process imports one route module and answers the POST; again with V8's old-generation limit fixed).
// Medians, min–max, ratios against the targets; JSON in bench/results/. Method: bench/README.md.
//
// Options: --quick (short, for iterating), --rounds N, --seconds N (per autocannon run), --connections N,
// --warmup-seconds N, --cold-rounds N, --memory-rounds N (the first N cold-start rounds also send the mix and read
// memory), --requests N (the mix's length), --serverless-rounds N, --rebuild, --cpu-prof
// (writes .cpuprofile files of the load-phase servers to .tmp/prof/<candidate>/), --only PARTS (a comma-separated
// subset of throughput, sse, cold, memory, serverless; `memory` alone runs only the memory rounds, each with its cold
// start).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ratio as formatRatio, table } from './lib/harness.mjs';
import { CANDIDATES, postRouteModule, writeApp } from './server/apps.mjs';
import { LOCK, SERVER_CORE, freePort, lockHeldByAncestor, pinSelf, startServer, stopServer, treeCpuMs, treeRss } from './server/processes.mjs';
import { MEASURED, MIXED, POST_CONTROLLER, POST_ID, VALID_ITEM, cannon, checkSameAnswers, firstOk } from './server/requests.mjs';
import { measureSse } from './server/sse.mjs';
import { spread, summarize } from './server/stats.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const argv = process.argv.slice(2);

if (!lockHeldByAncestor()) {
  // The whole run, builds included, holds the machine's Next lock: no other next build/start runs beside it.
  console.log(`Waiting for ${LOCK} (held while any next build or next start runs on this machine)…`);
  const run = spawnSync('flock', [LOCK, process.execPath, fileURLToPath(import.meta.url), ...argv], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

const flag = (name) => argv.includes(`--${name}`);
const quick = flag('quick');
const option = (name, full, short) => {
  const at = argv.indexOf(`--${name}`);
  return at === -1 ? (quick ? short : full) : Number(argv[at + 1]);
};
const settings = {
  rounds: option('rounds', 5, 2),
  seconds: option('seconds', 4, 2),
  warmupSeconds: option('warmup-seconds', 4, 2),
  connections: option('connections', 10, 10),
  coldRounds: option('cold-rounds', 6, 2),
  memoryRounds: option('memory-rounds', 3, 1),
  requests: option('requests', 20_000, 4_000),
  serverlessRounds: option('serverless-rounds', 6, 2),
};
const PARTS = ['throughput', 'sse', 'cold', 'memory', 'serverless'];
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1].split(',') : PARTS;
for (const part of only) if (!PARTS.includes(part)) throw new Error(`--only ${part}: one of ${PARTS.join(', ')}`);
const runs = (part) => only.includes(part);
if (!runs('cold')) settings.coldRounds = runs('memory') ? settings.memoryRounds : 0;
if (!runs('memory')) settings.memoryRounds = 0;
settings.only = only;
// Large enough that no candidate's old generation reaches it before its first response (each collects at ~9-10 MB).
const FIXED_OLD_SPACE = '--initial-old-space-size=32';
const TARGETS = { getPerPlain: 0.97, getPerHono: 1.0, postPerPlain: 0.97, postPerHono: 1.0, coldPerPlain: 1.1, memoryPerPlain: 1.05 };

pinSelf();
const next = path.join(root, 'node_modules/next/dist/bin/next');
const dirs = Object.fromEntries(CANDIDATES.map((c) => [c, path.join(root, '.tmp/bench-server', c)]));
const started = Date.now();
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const machine = {
  node: process.version,
  next: JSON.parse(readFileSync(path.join(root, 'node_modules/next/package.json'), 'utf8')).version,
  hono: JSON.parse(readFileSync(path.join(root, 'node_modules/hono/package.json'), 'utf8')).version,
  cpu: os.cpus()[0]?.model.trim(),
  cores: os.cpus().length,
  date: new Date().toISOString(),
  loadBefore: load(),
};
console.log(`bench:server · Node ${machine.node} · Next ${machine.next} · Hono ${machine.hono} · ${machine.cpu} × ${machine.cores} · load ${machine.loadBefore}`);
console.log(`server on core ${SERVER_CORE}, autocannon on the other · ${JSON.stringify(settings)}\n`);

for (const candidate of CANDIDATES) build(candidate);

const samples = Object.fromEntries(CANDIDATES.map((c) => [c, { getRps: [], getP99: [], getCpuUs: [], postRps: [], postP99: [], postCpuUs: [], coldMs: [], rssBytes: [], serverlessMs: [], serverlessProcessMs: [], serverlessFixedLimitMs: [], sseFirstMs: [], sseEventsPerS: [] }]));
const rotated = (round) => CANDIDATES.map((_, k) => CANDIDATES[(k + round) % CANDIDATES.length]);

if (runs('throughput')) await throughput();
if (runs('sse')) await sseStreams();
await coldStartAndMemory();
if (runs('serverless')) serverless();

const results = { machine: { ...machine, loadAfter: load() }, settings, targets: TARGETS, samples, summary: {}, ratios: {} };
for (const candidate of CANDIDATES) results.summary[candidate] = Object.fromEntries(Object.entries(samples[candidate]).map(([k, v]) => [k, summarize(v)]));
const m = (candidate, key) => results.summary[candidate][key].median;
results.ratios = {
  getPerPlain: m('ours', 'getRps') / m('plain', 'getRps'),
  getPerHono: m('ours', 'getRps') / m('hono', 'getRps'),
  postPerPlain: m('ours', 'postRps') / m('plain', 'postRps'),
  postPerHono: m('ours', 'postRps') / m('hono', 'postRps'),
  getCpuPerPlain: m('ours', 'getCpuUs') / m('plain', 'getCpuUs'),
  getCpuPerHono: m('ours', 'getCpuUs') / m('hono', 'getCpuUs'),
  postCpuPerPlain: m('ours', 'postCpuUs') / m('plain', 'postCpuUs'),
  postCpuPerHono: m('ours', 'postCpuUs') / m('hono', 'postCpuUs'),
  coldPerPlain: m('ours', 'coldMs') / m('plain', 'coldMs'),
  coldPerHono: m('ours', 'coldMs') / m('hono', 'coldMs'),
  memoryPerPlain: m('ours', 'rssBytes') / m('plain', 'rssBytes'),
  memoryPerHono: m('ours', 'rssBytes') / m('hono', 'rssBytes'),
  serverlessPerPlain: m('ours', 'serverlessMs') / m('plain', 'serverlessMs'),
  serverlessPerHono: m('ours', 'serverlessMs') / m('hono', 'serverlessMs'),
  serverlessProcessPerPlain: m('ours', 'serverlessProcessMs') / m('plain', 'serverlessProcessMs'),
  serverlessProcessPerHono: m('ours', 'serverlessProcessMs') / m('hono', 'serverlessProcessMs'),
  serverlessFixedLimitPerPlain: m('ours', 'serverlessFixedLimitMs') / m('plain', 'serverlessFixedLimitMs'),
  serverlessFixedLimitPerHono: m('ours', 'serverlessFixedLimitMs') / m('hono', 'serverlessFixedLimitMs'),
};
results.ratios.sseFirstPerPlain = m('ours', 'sseFirstMs') / m('plain', 'sseFirstMs');
results.ratios.sseEventsPerPlain = m('ours', 'sseEventsPerS') / m('plain', 'sseEventsPerS');
results.seconds = (Date.now() - started) / 1000;
report(results);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const json = JSON.stringify(results, null, 2);
const file = `server-${machine.date.replace(/[:.]/g, '-')}.json`;
writeFileSync(path.join(root, 'bench/results', file), json);
writeFileSync(path.join(root, 'bench/results/server-latest.json'), json);
console.log(`\n${results.seconds.toFixed(0)} s; load average ${machine.loadBefore} before, ${results.machine.loadAfter} after; bench/results/server-latest.json and ${file}`);

/** Writes the candidate's app and runs `next build` unless the same sources (and dist/, for ours) were built last. */
function build(candidate) {
  const dir = dirs[candidate];
  const fingerprint = writeApp(candidate, dir, root);
  const stamp = path.join(dir, '.next/bench-fingerprint');
  if (!flag('rebuild') && existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) {
    console.log(`${candidate}: built already (same sources${candidate === 'ours' ? ' and dist/' : ''})`);
    return;
  }
  const start = Date.now();
  process.stdout.write(`${candidate}: next build… `);
  execFileSync('nice', ['-n', '10', 'taskset', '-c', '0,1', process.execPath, next, 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], timeout: 15 * 60_000, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  writeFileSync(stamp, fingerprint);
  console.log(`${((Date.now() - start) / 1000).toFixed(0)} s`);
}

/** The three servers up side by side (only the one under load works), GET and POST runs interleaved over rounds. */
async function throughput() {
  const servers = {};
  try {
    const bases = {};
    for (const candidate of CANDIDATES) {
      const port = await freePort();
      const profile = flag('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.tmp/prof', candidate)}`] : [];
      servers[candidate] = startServer(next, dirs[candidate], port, profile);
      bases[candidate] = `http://127.0.0.1:${port}`;
      await firstOk(bases[candidate], MEASURED.get, performance.now());
    }
    await checkSameAnswers(bases);
    console.log(`Same status, media type and body from every candidate for the ${MIXED.length} requests of the mix.`);
    const { seconds, connections } = settings;
    for (const candidate of CANDIDATES) {
      for (const request of [MEASURED.get, MEASURED.post]) await cannon(bases[candidate], { duration: settings.warmupSeconds, connections, requests: [request] });
    }
    for (let round = 0; round < settings.rounds; round++) {
      for (const candidate of rotated(round)) {
        for (const kind of round % 2 ? ['post', 'get'] : ['get', 'post']) {
          const cpuBefore = treeCpuMs(servers[candidate].pid);
          const r = await cannon(bases[candidate], { duration: seconds, connections, requests: [MEASURED[kind]] });
          samples[candidate][`${kind}Rps`].push(r.rps);
          samples[candidate][`${kind}P99`].push(r.p99);
          samples[candidate][`${kind}CpuUs`].push(((treeCpuMs(servers[candidate].pid) - cpuBefore) * 1000) / r.total);
        }
      }
      console.log(`round ${round + 1}/${settings.rounds}: ` + CANDIDATES.map((c) => `${c} GET ${last(samples[c].getRps)} POST ${last(samples[c].postRps)} req/s`).join(' · '));
    }
  } finally {
    for (const server of Object.values(servers)) await stopServer(server);
  }
}

/**
 * Server-Sent Events, ours (an @Sse() generator) against plain (a route file returning the same ReadableStream), the
 * two servers up side by side, interleaved over rounds: first-event latency and events/s (bench/server/sse.mjs).
 */
async function sseStreams() {
  const candidates = ['ours', 'plain'];
  const servers = {};
  try {
    const bases = {};
    for (const candidate of candidates) {
      const port = await freePort();
      servers[candidate] = startServer(next, dirs[candidate], port);
      bases[candidate] = `http://127.0.0.1:${port}`;
      await firstOk(bases[candidate], { method: 'GET', path: '/api/sse/events?count=3' }, performance.now());
      await measureSse(bases[candidate], { requests: 50, events: 5_000 });
    }
    for (let round = 0; round < settings.rounds; round++) {
      for (const candidate of round % 2 ? [...candidates].reverse() : candidates) {
        const { firstMs, eventsPerS } = await measureSse(bases[candidate]);
        samples[candidate].sseFirstMs.push(firstMs);
        samples[candidate].sseEventsPerS.push(eventsPerS);
      }
      console.log(`SSE round ${round + 1}/${settings.rounds}: ` + candidates.map((c) => `${c} first event ${last(samples[c].sseFirstMs, 2)} ms, ${last(samples[c].sseEventsPerS)} events/s`).join(' · '));
    }
  } finally {
    for (const server of Object.values(servers)) await stopServer(server);
  }
}

/**
 * Each round and candidate: a fresh `next start` → first 200 of the POST; in the first memoryRounds rounds, then the
 * mix, then the RSS of the server's process tree.
 */
async function coldStartAndMemory() {
  for (let round = 0; round < settings.coldRounds; round++) {
    for (const candidate of rotated(round)) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const since = performance.now();
      const server = startServer(next, dirs[candidate], port);
      try {
        samples[candidate].coldMs.push(await firstOk(base, MEASURED.post, since));
        if (round < settings.memoryRounds) {
          await cannon(base, { amount: settings.requests, connections: settings.connections, requests: MIXED, expectNon2xx: 0.13 });
          samples[candidate].rssBytes.push(treeRss(server.pid));
        }
      } finally {
        await stopServer(server);
      }
    }
    const memory = (c) => (round < settings.memoryRounds ? `, ${mib(samples[c].rssBytes.at(-1))} MiB` : '');
    console.log(`cold start round ${round + 1}/${settings.coldRounds}: ` + CANDIDATES.map((c) => `${c} ${last(samples[c].coldMs)} ms${memory(c)}`).join(' · '));
  }
}

/**
 * A fresh Node process per run, pinned like the server: import one route module, answer the POST. Each candidate runs
 * twice a round: as deployed, and with V8's old-generation limit fixed (FIXED_OLD_SPACE) for every candidate alike.
 * V8 sets that limit from the old generation's size at an early scavenge, so it differs by about a megabyte between
 * processes that load different code, and whether a process's first mark-compact falls before or after its response
 * follows from it; the second run times the same work with no full collection in the window.
 */
function serverless() {
  const child = fileURLToPath(new URL('./server/serverless-child.mjs', import.meta.url));
  const url = `http://127.0.0.1${MEASURED.post.path}`;
  let expected;
  const run = (candidate, v8Flags) => {
    const { file, params } = postRouteModule(candidate, POST_CONTROLLER, POST_ID);
    const start = performance.now();
    const out = execFileSync('taskset', ['-c', SERVER_CORE, process.execPath, ...v8Flags, child, path.join(dirs[candidate], file), JSON.stringify(params), url, VALID_ITEM], { encoding: 'utf8' });
    const wall = performance.now() - start;
    const { ms, status, type, body } = JSON.parse(out);
    const answer = `${status} ${type} ${body}`;
    expected ??= answer;
    if (status !== 200 || answer !== expected) throw new Error(`serverless ${candidate}: ${answer}, expected ${expected}`);
    return { ms, wall };
  };
  for (let round = 0; round < settings.serverlessRounds; round++) {
    for (const candidate of rotated(round)) {
      const { ms, wall } = run(candidate, []);
      samples[candidate].serverlessMs.push(ms);
      samples[candidate].serverlessProcessMs.push(wall);
      samples[candidate].serverlessFixedLimitMs.push(run(candidate, [FIXED_OLD_SPACE]).ms);
    }
  }
}

function report({ summary, ratios }) {
  const cell = (key, format) => CANDIDATES.map((c) => (summary[c][key].n ? spread(summary[c][key], format) : '-'));
  const verdict = (value, target, atLeast) => (target === undefined || Number.isNaN(value) ? '' : `${atLeast ? '≥' : '≤'} ${target}: ${(atLeast ? value >= target : value <= target) ? 'ok' : 'MISSED'}`);
  // A part left out by --only has no samples: '-' rather than NaN.
  const ratio = (x) => (Number.isNaN(x) ? '-' : formatRatio(x));
  const rps = (x) => x.toFixed(0);
  const ms = (x) => x.toFixed(0);
  const ms1 = (x) => x.toFixed(1);
  console.log('\nmedian (min–max) over rounds; ratios of medians');
  console.log(
    table(
      ['figure', 'ours', 'plain', 'Hono', 'ours/plain', 'ours/Hono', 'target'],
      [
        ['GET req/s', ...cell('getRps', rps), ratio(ratios.getPerPlain), ratio(ratios.getPerHono), `${verdict(ratios.getPerPlain, TARGETS.getPerPlain, true)}, ${verdict(ratios.getPerHono, TARGETS.getPerHono, true)}`],
        ['GET p99 ms', ...cell('getP99', ms), '', '', ''],
        ['GET server CPU µs/req', ...cell('getCpuUs', ms), ratio(ratios.getCpuPerPlain), ratio(ratios.getCpuPerHono), '(lower is better)'],
        ['POST @Body req/s', ...cell('postRps', rps), ratio(ratios.postPerPlain), ratio(ratios.postPerHono), `${verdict(ratios.postPerPlain, TARGETS.postPerPlain, true)}, ${verdict(ratios.postPerHono, TARGETS.postPerHono, true)}`],
        ['POST p99 ms', ...cell('postP99', ms), '', '', ''],
        ['POST server CPU µs/req', ...cell('postCpuUs', ms), ratio(ratios.postCpuPerPlain), ratio(ratios.postCpuPerHono), '(lower is better)'],
        ['cold start ms', ...cell('coldMs', ms), ratio(ratios.coldPerPlain), ratio(ratios.coldPerHono), verdict(ratios.coldPerPlain, TARGETS.coldPerPlain, false)],
        [`RSS MiB after ${settings.requests.toLocaleString('en')}`, ...cell('rssBytes', (x) => mib(x)), ratio(ratios.memoryPerPlain), ratio(ratios.memoryPerHono), verdict(ratios.memoryPerPlain, TARGETS.memoryPerPlain, false)],
        ['serverless ms (import+1st)', ...cell('serverlessMs', ms1), ratio(ratios.serverlessPerPlain), ratio(ratios.serverlessPerHono), 'report'],
        ['serverless ms (process)', ...cell('serverlessProcessMs', ms1), ratio(ratios.serverlessProcessPerPlain), ratio(ratios.serverlessProcessPerHono), 'report'],
        ['serverless ms (import+1st, same V8 old-gen limit)', ...cell('serverlessFixedLimitMs', ms1), ratio(ratios.serverlessFixedLimitPerPlain), ratio(ratios.serverlessFixedLimitPerHono), 'report'],
        ['SSE first event ms', ...cell('sseFirstMs', (x) => x.toFixed(2)), ratio(ratios.sseFirstPerPlain), '', 'report'],
        ['SSE events/s (one stream)', ...cell('sseEventsPerS', rps), ratio(ratios.sseEventsPerPlain), '', 'report'],
      ],
    ),
  );
}

function last(list, digits = 0) {
  return list.length ? list[list.length - 1].toFixed(digits) : '-';
}

function mib(bytes) {
  return bytes === undefined ? '-' : (bytes / 1024 / 1024).toFixed(1);
}
