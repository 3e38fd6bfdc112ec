// Preloaded into `next start` by bench/server/memory-probe.mjs (NODE_OPTIONS=--require): on SIGUSR2 it writes what the
// process holds to $NAC_MEMORY_PROBE/<pid>-<n>.json: process.memoryUsage(), V8's heap spaces, /proc/self/smaps_rollup,
// the modules loaded (require.cache, Next's own chunks and the app's .next/server files), the heap after each
// mark-compact so far, and, when the signal is
// preceded by a `gc` request file, a full garbage collection first and a heap snapshot when asked.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');

const out = process.env.NAC_MEMORY_PROBE;
let n = 0;
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

// Every mark-compact: the heap's used and committed size right after it (the live heap, and what V8 keeps).
const majors = [];
const { PerformanceObserver, constants } = require('node:perf_hooks');
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
    const { used_heap_size: used, total_heap_size: total } = v8.getHeapStatistics();
    majors.push({ at: Math.round(entry.startTime), used, total });
  }
}).observe({ entryTypes: ['gc'] });

process.on('SIGUSR2', () => {
  const ask = readJson(path.join(out, `${process.pid}-ask.json`)) ?? {};
  if (ask.gc) for (let i = 0; i < 3; i++) gc();
  const report = {
    pid: process.pid,
    argv: process.argv,
    memory: process.memoryUsage(),
    heapStatistics: v8.getHeapStatistics(),
    heapSpaces: v8.getHeapSpaceStatistics(),
    smapsRollup: fs.readFileSync('/proc/self/smaps_rollup', 'utf8'),
    modules: Object.keys(require.cache),
    majors: majors.slice(),
  };
  if (ask.snapshot) report.snapshot = v8.writeHeapSnapshot(path.join(out, `${process.pid}-${n}.heapsnapshot`));
  fs.writeFileSync(path.join(out, `${process.pid}-${n++}.json`), JSON.stringify(report));
});

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
