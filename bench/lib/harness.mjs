// Measurement helpers shared by every benchmark: interleaved, rotated rounds; medians; geometric means.

/** Median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function geomean(values) {
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}

/**
 * Times `cases` against each other. Every case is `{ id, run(n) }` where `run(n)` answers `n` requests and returns a
 * Promise. One round times one batch of every case, in an order rotated by one every round, so drift, GC and JIT
 * phases spread evenly over the candidates. Returns the median nanoseconds per call of each case, by id.
 *
 * BENCH_CLOCK=cpu times each batch by the process's CPU time (user + system) instead of the wall clock: on a machine
 * other processes load, the wall clock counts the time they take the cores, and ratios of equal work moved by ±30 %.
 */
const cpuClock = process.env.BENCH_CLOCK === 'cpu';
const now = () => (cpuClock ? cpuNanoseconds() : process.hrtime.bigint());

function cpuNanoseconds() {
  const { user, system } = process.cpuUsage();
  return BigInt(user + system) * 1000n;
}

export async function interleave(cases, options = {}) {
  const samples = await interleavedSamples(cases, options);
  return Object.fromEntries([...samples].map(([id, values]) => [id, median(values)]));
}

/**
 * `interleave`'s samples: per case, the nanoseconds per call of each round, in round order. Two cases' samples of one
 * round were taken moments apart, so the median of their per-round ratios holds up better on a busy machine than the
 * ratio of their medians (`pairedRatio`).
 */
export async function interleavedSamples(cases, { rounds = 30, warmupRounds = 5, batch = 500 } = {}) {
  const samples = new Map(cases.map((c) => [c.id, []]));
  for (let round = -warmupRounds; round < rounds; round++) {
    const shift = ((round % cases.length) + cases.length) % cases.length;
    for (let k = 0; k < cases.length; k++) {
      const c = cases[(k + shift) % cases.length];
      const n = c.batch ?? batch;
      if (c.prepare) await c.prepare(n);
      const start = now();
      await c.run(n);
      const ns = Number(now() - start) / n;
      if (round >= 0) samples.get(c.id).push(ns);
    }
  }
  return samples;
}

/** The median over rounds of `a`'s time over `b`'s in the same round (samples of `interleavedSamples`). */
export function pairedRatio(a, b) {
  return median(a.map((ns, round) => ns / b[round]));
}

/** Answers `request` `n` times with `fn`, awaiting each (Hono answers synchronously; awaiting keeps it equal). */
export function loop(fn, request) {
  return async (n) => {
    for (let i = 0; i < n; i++) await fn(request);
  };
}

/** Status, content-type and body text of a response, for the equality check before timing. */
export async function describeResponse(response) {
  return `${response.status} ${response.headers.get('content-type')} ${await response.text()}`;
}

export function fmt(ns) {
  return ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`;
}

export function ratio(x) {
  return x.toFixed(2);
}

/** A plain text table. */
export function table(header, rows) {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}
