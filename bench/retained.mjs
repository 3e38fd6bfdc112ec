// Retained heap: what an application of N routes keeps once it has answered a request (its routes, router, invokers,
// the controllers' decorator records), ours and Hono, per route. Under `next start` V8 commits 4–5 times the heap that
// survives a mark-compact, so each KB here is several KB of the server's RSS (README "Memory: where it goes").
import v8 from 'node:v8';
import vm from 'node:vm';
import { describeResponse, median } from './lib/harness.mjs';
import { buildHono, buildOurs, requestsFor, syntheticRoutes } from './lib/apps.mjs';

export const RETAINED_SIZES = [200, 2000];

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

export async function runRetained({ rounds = 9 } = {}) {
  const candidates = {
    ours: (routes) => buildOurs(routes),
    hono: (routes) => {
      const app = buildHono(routes);
      return { handle: (request) => app.fetch(request) };
    },
  };
  // Both libraries, and the chunks ours loads on a first request, are loaded before anything is measured.
  for (const build of Object.values(candidates)) await firstRequest(build(syntheticRoutes(10)), 10);
  const bytes = {};
  for (const size of RETAINED_SIZES) {
    const routes = syntheticRoutes(size);
    for (let round = 0; round < rounds; round++) {
      for (const [name, build] of round % 2 ? Object.entries(candidates).reverse() : Object.entries(candidates)) {
        const before = heapUsed();
        const app = build(routes);
        await firstRequest(app, size);
        const after = heapUsed();
        (bytes[`${size}/${name}`] ??= []).push(after - before);
        // A use after the measurement: the app must not be collectable while it is taken.
        held = app;
      }
    }
  }
  const rows = RETAINED_SIZES.map((size) => {
    const ours = median(bytes[`${size}/ours`]) / size;
    const hono = median(bytes[`${size}/hono`]) / size;
    return { routes: size, oursBytesPerRoute: ours, honoBytesPerRoute: hono, oursPerHono: ours / hono };
  });
  return { rows };
}

async function firstRequest(app, size) {
  const { last } = requestsFor(size);
  const response = await app.handle(new Request(`http://127.0.0.1${last.path}`, { method: last.method }));
  const answer = await describeResponse(response);
  if (!answer.startsWith('200 ')) throw new Error(`retained ${size}: ${last.method} ${last.path} answered ${answer}`);
}

function heapUsed() {
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
}

let held;
