// Scaling: 10, 100, 1,000 and 10,000 routes; the last declared route and a miss, ours and Hono, all interleaved.
import { buildHono, buildOurs, requestsFor, syntheticRoutes } from './lib/apps.mjs';
import { describeResponse, interleave, loop } from './lib/harness.mjs';

export const SIZES = [10, 100, 1000, 10000];

export async function runScaling({ rounds = 60, batch = 300 } = {}) {
  const cases = [];
  const honoRouters = {};
  for (const size of SIZES) {
    const routes = syntheticRoutes(size);
    const apps = { ours: buildOurs(routes), hono: buildHono(routes) };
    const { last, miss } = requestsFor(size);
    for (const [name, expected] of Object.entries({ last, miss })) {
      const request = new Request(`http://127.0.0.1${expected.path}`, { method: expected.method });
      const fns = { ours: (r) => apps.ours.handle(r), hono: (r) => apps.hono.fetch(r) };
      const [a, b] = [await describeResponse(await fns.ours(request)), await describeResponse(await fns.hono(request))];
      if (a !== b) throw new Error(`scaling ${size} ${name}: ours answers ${a}, Hono ${b}`);
      for (const [candidate, fn] of Object.entries(fns)) cases.push({ id: `${size}/${name}/${candidate}`, run: loop(fn, request) });
    }
    honoRouters[size] = apps.hono.router.name;
  }
  const ns = await interleave(cases, { rounds, batch });
  const rows = SIZES.map((size) => ({
    routes: size,
    oursLast: ns[`${size}/last/ours`],
    honoLast: ns[`${size}/last/hono`],
    oursMiss: ns[`${size}/miss/ours`],
    honoMiss: ns[`${size}/miss/hono`],
  }));
  const [small, large] = [rows[0], rows[rows.length - 1]];
  return {
    honoRouters,
    rows,
    ratio10kTo10: {
      oursLast: large.oursLast / small.oursLast,
      oursMiss: large.oursMiss / small.oursMiss,
      honoLast: large.honoLast / small.honoLast,
      honoMiss: large.honoMiss / small.honoMiss,
    },
  };
}
