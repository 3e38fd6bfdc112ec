// Where the server's memory goes: `node bench/server/memory-probe.mjs [--requests N] [--rounds N] [--snapshot]
// [--idle S] [--candidates ours,plain,hono]`. Each candidate's `next start` runs alone (one at a time, pinned like the bench's),
// preloaded with memory-preload.cjs; after its first 200 of the POST, after the mix of `--requests` (20,000), after `--idle` (10) seconds
// without requests and after a full GC, it reports the process's RSS and its split (V8 heap by space, external, array buffers, smaps anonymous vs
// file-backed) and the modules it has loaded. `--snapshot` also writes a heap snapshot after the GC to
// .tmp/memory-probe/ (compare them with `node bench/server/heap-diff.mjs a b`). Takes the machine's Next lock.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CANDIDATES } from './apps.mjs';
import { LOCK, freePort, lockHeldByAncestor, pinSelf, processTree, startServer, stopServer, treeRss } from './processes.mjs';
import { MEASURED, MIXED, cannon, firstOk } from './requests.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
if (!lockHeldByAncestor()) {
  const run = spawnSync('flock', [LOCK, process.execPath, fileURLToPath(import.meta.url), ...argv], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const requests = Number(option('requests', 20_000));
const rounds = Number(option('rounds', 1));
const candidates = option('candidates', CANDIDATES.join(',')).split(',');
const snapshot = argv.includes('--snapshot');
const idle = Number(option('idle', 10));

pinSelf();
const out = path.join(root, '.tmp/memory-probe');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${fileURLToPath(new URL('./memory-preload.cjs', import.meta.url))}`.trim();
process.env.NAC_MEMORY_PROBE = out;
const next = path.join(root, 'node_modules/next/dist/bin/next');
const rows = [];

for (let round = 0; round < rounds; round++) {
  for (const candidate of candidates.map((_, k) => candidates[(k + round) % candidates.length])) {
    const dir = path.join(root, '.tmp/bench-server', candidate);
    if (!existsSync(path.join(dir, '.next'))) throw new Error(`${dir} is not built: run node bench/server.mjs --only memory --quick first`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(next, dir, port);
    try {
      await firstOk(base, MEASURED.post, performance.now());
      rows.push({ candidate, round, stage: 'started', ...(await probe(server.pid, {})) });
      await cannon(base, { amount: requests, connections: 10, requests: MIXED, expectNon2xx: 0.13 });
      rows.push({ candidate, round, stage: `after ${requests}`, ...(await probe(server.pid, {})) });
      await new Promise((resolve) => setTimeout(resolve, idle * 1000));
      rows.push({ candidate, round, stage: `idle ${idle} s`, ...(await probe(server.pid, {})) });
      rows.push({ candidate, round, stage: 'then full GC', ...(await probe(server.pid, { gc: true, snapshot: snapshot && round === 0 })) });
    } finally {
      await stopServer(server);
    }
  }
}

const mib = (x) => (x / 1024 / 1024).toFixed(1);
const columns = ['treeRss', 'rss', 'anon', 'file', 'heapTotal', 'heapUsed', 'old', 'new', 'code', 'large', 'external', 'arrayBuffers', 'modules', 'nextServer'];
console.log(['candidate', 'round', 'stage', ...columns].join('\t'));
for (const row of rows) console.log([row.candidate, row.round, row.stage, ...columns.map((c) => (typeof row[c] === 'number' && c !== 'modules' && c !== 'nextServer' ? mib(row[c]) : row[c]))].join('\t'));
writeFileSync(path.join(out, 'rows.json'), JSON.stringify(rows, null, 2));
console.log('\nmark-compacts during the load (used → committed heap right after each, MiB):');
for (const row of rows.filter((r) => r.stage.startsWith('after'))) {
  const list = row.majors.filter((m) => m.at > 0);
  console.log(`${row.candidate} round ${row.round}: ${list.length} — ${list.map((m) => `${mib(m.used)}→${mib(m.total)}`).join(' ')}`);
}
console.log(`\nMiB; rows and loaded modules in ${path.relative(root, out)}/`);

/** Asks the server's process (the one that loaded the preload) for its report. */
async function probe(rootPid, ask) {
  const treeRssBytes = treeRss(rootPid);
  const pids = processTree(rootPid);
  const reports = [];
  for (const pid of pids) {
    // Next renames its process (cmdline), so Node is told by its executable.
    let exe = '';
    try {
      exe = readlinkSync(`/proc/${pid}/exe`);
    } catch {}
    if (exe !== process.execPath) continue;
    writeFileSync(path.join(out, `${pid}-ask.json`), JSON.stringify(ask));
    const before = new Set(reportFiles(pid));
    process.kill(pid, 'SIGUSR2');
    for (let waited = 0; ; waited += 50) {
      const fresh = reportFiles(pid).filter((f) => !before.has(f));
      if (fresh.length) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        reports.push(JSON.parse(readFileSync(path.join(out, fresh[0]), 'utf8')));
        break;
      }
      if (waited > (ask.snapshot ? 120_000 : 20_000)) throw new Error(`no report from ${pid}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  if (reports.length !== 1) console.log(`(${reports.length} node processes in the tree)`);
  const r = reports[0];
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(r.smapsRollup)?.[1] ?? 0) * 1024;
  const space = (name) => r.heapSpaces.find((s) => s.space_name === name)?.space_used_size ?? 0;
  return {
    treeRss: treeRssBytes,
    rss: kb('Rss'),
    anon: kb('Anonymous'),
    file: kb('Rss') - kb('Anonymous'),
    heapTotal: r.memory.heapTotal,
    heapUsed: r.memory.heapUsed,
    old: space('old_space'),
    new: space('new_space'),
    code: space('code_space'),
    large: space('large_object_space'),
    external: r.memory.external,
    arrayBuffers: r.memory.arrayBuffers,
    modules: r.modules.length,
    nextServer: r.modules.filter((m) => m.includes('/.next/server/')).length,
    heapSpaces: r.heapSpaces,
    loaded: r.modules,
    snapshot: r.snapshot,
    majors: r.majors,
  };
}

function reportFiles(pid) {
  return spawnSync('ls', [out], { encoding: 'utf8' }).stdout.split('\n').filter((f) => f.startsWith(`${pid}-`) && f.endsWith('.json') && !f.endsWith('-ask.json'));
}
