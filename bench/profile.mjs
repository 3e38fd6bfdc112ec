// Profiling aid: answers one kind of request in a loop, to run under `node --cpu-prof bench/profile.mjs <request>`.
// Then `node bench/profile.mjs --summary <file.cpuprofile>` prints the functions with the most self time.
import { readFileSync } from 'node:fs';

if (process.argv[2] === '--summary') {
  const profile = JSON.parse(readFileSync(process.argv[3], 'utf8'));
  const self = new Map();
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  let total = 0;
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    const us = dt.get(node.id) ?? 0;
    total += us;
    self.set(key, (self.get(key) ?? 0) + us);
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[4] ?? 30));
  for (const [key, us] of top) console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
} else {
  const { buildOurs, requestsFor, syntheticRoutes } = await import('./lib/apps.mjs');
  const which = process.argv[2] ?? 'miss';
  const seconds = Number(process.argv[3] ?? 3);
  const app = buildOurs(syntheticRoutes(200));
  const expected = requestsFor(200)[which];
  const request = new Request(`http://127.0.0.1${expected.path}`, { method: expected.method });
  const end = Date.now() + seconds * 1000;
  let n = 0;
  while (Date.now() < end) {
    for (let i = 0; i < 1000; i++) await app.handle(request);
    n += 1000;
  }
  console.log(`${which}: ${((seconds * 1e9) / n).toFixed(0)} ns per request`);
}
