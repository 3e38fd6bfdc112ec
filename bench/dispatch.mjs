// Dispatch: ours vs Hono vs find-my-way vs the floor, on a 200-route API (20 controllers × 10 routes); and ours with
// the production options of issue 35 against ours without them, on the same requests in the same run: tracing on
// with the API's no-op provider (@opentelemetry/api installed, no SDK registered), and an app-wide rate limit counted
// in the memory store (never reached).
import { buildFindMyWay, buildFloor, buildHono, buildOurs, requestsFor, syntheticRoutes } from './lib/apps.mjs';
import { describeResponse, geomean, interleavedSamples, loop, median, pairedRatio } from './lib/harness.mjs';

export async function runDispatch({ rounds = 100, batch = 400 } = {}) {
  const routes = syntheticRoutes(200);
  const ours = buildOurs(routes);
  const hono = buildHono(routes);
  const fmw = buildFindMyWay(routes);
  const traced = buildOurs(routes, undefined, { tracing: true });
  const limited = buildOurs(routes, undefined, { rateLimit: { limit: 1e12, window: 60_000 } });
  // Issue 52: no X-Request-Id header (error bodies keep the id).
  const idOff = buildOurs(routes, undefined, { requestId: false });
  const candidates = {
    ours: (r) => ours.handle(r),
    hono: (r) => hono.fetch(r),
    'find-my-way': fmw,
    'ours, tracing': (r) => traced.handle(r),
    'ours, rate limit': (r) => limited.handle(r),
    'ours, requestId off': (r) => idOff.handle(r),
  };
  const requests = requestsFor(200);
  const cases = [];
  for (const [name, expected] of Object.entries(requests)) {
    const request = new Request(`http://127.0.0.1${expected.path}`, { method: expected.method });
    const all = { ...candidates, floor: buildFloor(expected) };
    const answers = {};
    // Our error bodies name the answer's request id (issue 43), which the others have no notion of.
    for (const [candidate, fn] of Object.entries(all)) answers[candidate] = (await describeResponse(await fn(request))).replace(/,"requestId":"[^"]*"/, '');
    const distinct = new Set(Object.values(answers));
    if (distinct.size !== 1) throw new Error(`dispatch ${name}: candidates answer differently:\n${JSON.stringify(answers, null, 2)}`);
    for (const [candidate, fn] of Object.entries(all)) cases.push({ id: `${name}/${candidate}`, run: loop(fn, request) });
  }
  // Versioning on, against the same application without it: every controller @Version('1'), each request naming
  // version 1 the way the type reads it (URI: /api/v1/…). Checked first: the same status and route as without.
  const versioned = {
    'versioning: header': { app: buildOurs(routes, undefined, { versioning: { type: 'header', header: 'X-API-Version' } }), init: { headers: { 'x-api-version': '1' } }, path: (path) => path },
    'versioning: media-type': { app: buildOurs(routes, undefined, { versioning: { type: 'media-type' } }), init: { headers: { accept: 'application/json; version=1' } }, path: (path) => path },
    'versioning: uri': { app: buildOurs(routes, undefined, { versioning: { type: 'uri' } }), init: {}, path: (path) => path.replace(/^\/api\//, '/api/v1/') },
  };
  for (const [name, expected] of Object.entries(requests)) {
    const plain = new Request(`http://127.0.0.1${expected.path}`, { method: expected.method });
    const answer = JSON.parse(await (await ours.handle(plain)).text());
    for (const [kind, { app, init, path }] of Object.entries(versioned)) {
      const request = new Request(`http://127.0.0.1${path(expected.path)}`, { method: expected.method, ...init });
      const response = await app.handle(request);
      const body = JSON.parse(await response.text());
      if (response.status !== (expected.status ?? 200) || body.route !== answer.route) throw new Error(`dispatch ${name}: ${kind} answers ${response.status} ${JSON.stringify(body)}`);
      cases.push({ id: `${name}/${kind}`, run: loop((r) => app.handle(r), request) });
    }
  }
  const honoRouter = hono.router.name;
  const samples = await interleavedSamples(cases, { rounds, batch });
  const ns = Object.fromEntries([...samples].map(([id, values]) => [id, median(values)]));
  const rows = Object.keys(requests).map((name) => {
    const at = (candidate) => ns[`${name}/${candidate}`];
    return {
      request: name,
      ours: at('ours'),
      hono: at('hono'),
      findMyWay: at('find-my-way'),
      floor: at('floor'),
      oursPerFloor: at('ours') / at('floor'),
      oursPerHono: at('ours') / at('hono'),
      findMyWayPerFloor: at('find-my-way') / at('floor'),
      tracing: at('ours, tracing'),
      rateLimit: at('ours, rate limit'),
      tracingPerOff: at('ours, tracing') / at('ours'),
      rateLimitPerOff: at('ours, rate limit') / at('ours'),
      idOff: at('ours, requestId off'),
      idOffPerHono: at('ours, requestId off') / at('hono'),
      // On (the default) against off, paired per round.
      idOnPerOff: pairedRatio(samples.get(`${name}/ours`), samples.get(`${name}/ours, requestId off`)),
    };
  });
  // On/off per request: the median of the per-round ratios (each round times both moments apart), which a busy
  // machine moves less than the ratio of the medians.
  const versioning = Object.keys(versioned).map((kind) => {
    const perOff = Object.keys(requests).map((name) => pairedRatio(samples.get(`${name}/${kind}`), samples.get(`${name}/ours`)));
    return { kind, ...Object.fromEntries(Object.keys(requests).map((name) => [name, ns[`${name}/${kind}`]])), perOff: geomean(perOff) };
  });
  return {
    honoRouter,
    rows,
    versioning,
    geomean: {
      oursPerFloor: geomean(rows.map((r) => r.oursPerFloor)),
      oursPerHono: geomean(rows.map((r) => r.oursPerHono)),
      findMyWayPerFloor: geomean(rows.map((r) => r.findMyWayPerFloor)),
      tracingPerOff: geomean(rows.map((r) => r.tracingPerOff)),
      rateLimitPerOff: geomean(rows.map((r) => r.rateLimitPerOff)),
      idOffPerHono: geomean(rows.map((r) => r.idOffPerHono)),
      idOnPerOff: geomean(rows.map((r) => r.idOnPerOff)),
    },
  };
}
