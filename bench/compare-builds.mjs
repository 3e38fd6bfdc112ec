// Two builds of the runtime side by side on the dispatch requests that return a plain object (first, param, last), a
// POST to a route without a body decorator (the one kind of route the CSRF check of issue 35 looks at) and a valid
// POST to a `@Body(Dto)` route (the validation section's): `node bench/compare-builds.mjs .tmp/dist-before [dist]`
// prints later/earlier per request and their geometric mean; and, for the requests without a body, the later build with
// `requestId: false` (issue 52) against the earlier one.
// Copy the earlier build inside the repository (`cp -r dist .tmp/dist-before` before the change) so that it resolves
// the same node_modules. Run it several times: on a loaded machine one run moves by a few percent.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildOurs } from './lib/build-ours.mjs';
import { geomean, interleavedSamples, loop, pairedRatio } from './lib/harness.mjs';
import { BASE, requestsFor, syntheticRoutes } from './lib/routes.mjs';
import { BODIES, buildValidationApp, postRequest } from './validation.mjs';

const [earlierDir, laterDir = 'dist'] = process.argv.slice(2);
if (!earlierDir) {
  console.error('Usage: node bench/compare-builds.mjs <earlier dist folder> [later dist folder, default dist]');
  process.exit(2);
}
const load = (dir) => import(pathToFileURL(resolve(dir, 'index.mjs')).href);
const routes = syntheticRoutes(200);
const libraries = { earlier: await load(earlierDir), later: await load(laterDir) };
const apps = Object.fromEntries(Object.entries(libraries).map(([id, lib]) => [id, buildOurs(routes, lib)]));
const withIdOff = { ...apps, 'later, requestId off': buildOurs(routes, libraries.later, { requestId: false }) };
const validationApps = Object.fromEntries(Object.entries(libraries).map(([id, lib]) => [id, buildValidationApp(lib)]));
const requests = requestsFor(200);
const names = ['first', 'param', 'last', 'miss', 'post', 'post @Body'];
const unbodied = ['first', 'param', 'last', 'miss'];
// A form-like POST (no content type) from no browser: what an API client or a webhook sends; the CSRF check reads it.
const made = {
  post: () => new Request(`http://127.0.0.1${BASE}/c10`, { method: 'POST' }),
  'post @Body': () => postRequest(BODIES.valid),
};
const cases = names.flatMap((name) => {
  if (made[name]) {
    const targets = name === 'post @Body' ? validationApps : apps;
    // A request body is read once: a new Request per call, made outside the timed loop's handler call.
    return Object.entries(targets).map(([id, app]) => ({
      id: `${name}/${id}`,
      run: async (n) => {
        for (let i = 0; i < n; i++) await (await app.handle(made[name]())).arrayBuffer();
      },
    }));
  }
  const { method, path } = requests[name];
  const request = new Request(`http://127.0.0.1${path}`, { method });
  return Object.entries(withIdOff).map(([id, app]) => ({ id: `${name}/${id}`, run: loop((r) => app.handle(r), request) }));
});
// The median of per-round ratios: both builds are timed moments apart in each round, which a busy machine moves less
// than the ratio of the medians.
const samples = await interleavedSamples(cases, { rounds: Number(process.env.ROUNDS ?? 150), batch: 400 });
const ratios = names.map((name) => pairedRatio(samples.get(`${name}/later`), samples.get(`${name}/earlier`)));
console.log(`later / earlier: ${names.map((name, i) => `${name} ${ratios[i].toFixed(3)}`).join(', ')}; geometric mean ${geomean(ratios).toFixed(3)}`);
const offRatios = unbodied.map((name) => pairedRatio(samples.get(`${name}/later, requestId off`), samples.get(`${name}/earlier`)));
console.log(`later with requestId: false / earlier: ${unbodied.map((name, i) => `${name} ${offRatios[i].toFixed(3)}`).join(', ')}; geometric mean ${geomean(offRatios).toFixed(3)}`);
