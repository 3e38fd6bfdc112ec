// `npm run bench`: every in-process benchmark, one table, and JSON under bench/results/ (git-ignored).
// Run a subset with `npm run bench -- dispatch scaling` (names: dispatch, scaling, validation, schemas, query, upload, serialize, contract, builders, mcp, auth, startup, size, retained, services, actions, jobs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBuilders } from './builders.mjs';
import { runDispatch } from './dispatch.mjs';
import { fmt, ratio, table } from './lib/harness.mjs';
import { runScaling } from './scaling.mjs';
import { runSerialize } from './serialize.mjs';
import { runContract } from './contract.mjs';
import { runMcp } from './mcp.mjs';
import { runAuth } from './auth.mjs';
import { runPagination } from './pagination.mjs';
import { runSize, runStartup } from './startup.mjs';
import { runQuery } from './query.mjs';
import { runRetained } from './retained.mjs';
import { runUpload } from './upload.mjs';
import { runValidation } from './validation.mjs';
import { runSchemas } from './schemas.mjs';
import { runServices } from './services.mjs';
import { runActions } from './actions.mjs';
import { runJobs } from './jobs.mjs';

const ALL = ['dispatch', 'scaling', 'validation', 'schemas', 'query', 'upload', 'serialize', 'contract', 'builders', 'mcp', 'auth', 'pagination', 'startup', 'size', 'retained', 'services', 'actions', 'jobs'];
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
const unknown = chosen.filter((name) => !ALL.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${ALL.join(', ')}.`);
  process.exit(2);
}

const TARGETS = {
  dispatchPerFloor: 1.3,
  dispatchPerHono: 0.9, // issue 25 (was 1.0)
  versioningPerOff: 1.05, // issue 37
  scaling: 1.2,
  validationPerFloor: 1.0, // issue 25 (was 1.2)
  queryPerFloor: 1.2,
  schemasPerFloor: 1.05, // issue 34
  dtoPerEarlierBuild: 1.01, // issue 34: DTO routes unchanged
  gzipBytes: 9500,
  serializePerOff: 1.03,
  contractPlainPerSerializeOff: 1.0,
  contractInstancesPerInstanceToPlain: 0.9,
  tracingPerOff: 1.05, // issue 35
  rateLimitPerOff: 1.05, // issue 35
  mcpToolCallPerFetch: 1.2, // issue 36
  authJwtPerMiddleware: 1.05, // issue 41
  authUnguardedPerPlain: 1.01, // issue 41
  paginatedPerByHand: 1.05, // issue 42
  actionPerFetch: 1.05, // issue 53
  jobsEnqueueP99Ms: 1.5, // issue 54
  jobsNoQueuePerBefore: 1.01, // issue 54
};
const mark = (ok) => (ok ? 'ok' : 'MISSED');

const machine = {
  node: process.version,
  cpu: os.cpus()[0]?.model.trim(),
  cores: os.cpus().length,
  platform: `${os.platform()} ${os.arch()}`,
  date: new Date().toISOString(),
  clock: process.env.BENCH_CLOCK === 'cpu' ? 'cpu' : 'wall',
  versions: await versions(),
};
const results = { machine, targets: TARGETS };
const started = Date.now();
const sectionOut = process.env.BENCH_SECTION_OUT;
if (!sectionOut) {
  console.log(`next-app-controllers benchmarks · Node ${machine.node} · ${machine.cpu} × ${machine.cores} · ${machine.date}`);
  console.log(
    `Hono ${machine.versions.hono}, find-my-way ${machine.versions['find-my-way']}, class-validator ${machine.versions['class-validator']}. ` +
      `Times are medians per request${machine.clock === 'cpu' ? ', in CPU time (BENCH_CLOCK=cpu)' : ''}.\n`,
  );
}

// Each section runs in a process of its own: what one leaves on the heap (the 10,000-route apps of `scaling`) made
// the allocation-heavy validation section measure 1.55 × floor after it and 1.1–1.2 alone.
if (!sectionOut && chosen.length > 1) {
  for (const name of chosen) {
    const out = join(tmpdir(), `nac-bench-${process.pid}-${name}.json`);
    execFileSync(process.execPath, [fileURLToPath(import.meta.url), name], { stdio: 'inherit', env: { ...process.env, BENCH_SECTION_OUT: out } });
    results[name] = JSON.parse(readFileSync(out, 'utf8'))[name];
    rmSync(out);
  }
  chosen.length = 0;
}

if (chosen.includes('dispatch')) {
  const r = (results.dispatch = await runDispatch());
  console.log(`Dispatch, 200 routes (20 controllers × 10), Hono router: ${r.honoRouter}`);
  console.log(
    table(
      ['request', 'ours', 'Hono', 'find-my-way', 'floor', 'ours/floor', 'ours/Hono', 'fmw/floor'],
      [
        ...r.rows.map((row) => [row.request, fmt(row.ours), fmt(row.hono), fmt(row.findMyWay), fmt(row.floor), ratio(row.oursPerFloor), ratio(row.oursPerHono), ratio(row.findMyWayPerFloor)]),
        ['geometric mean', '', '', '', '', ratio(r.geomean.oursPerFloor), ratio(r.geomean.oursPerHono), ratio(r.geomean.findMyWayPerFloor)],
      ],
    ),
  );
  console.log(`target ours/floor ≤ ${TARGETS.dispatchPerFloor}: ${mark(r.geomean.oursPerFloor <= TARGETS.dispatchPerFloor)}; ours/Hono ≤ ${TARGETS.dispatchPerHono}: ${mark(r.geomean.oursPerHono <= TARGETS.dispatchPerHono)}\n`);
  console.log('requestId: false (issue 52): no X-Request-Id header, the same requests');
  console.log(
    table(
      ['request', 'ours', 'requestId off', 'off/Hono', 'on/off (paired)'],
      [
        ...r.rows.map((row) => [row.request, fmt(row.ours), fmt(row.idOff), ratio(row.idOffPerHono), ratio(row.idOnPerOff)]),
        ['geometric mean', '', '', ratio(r.geomean.idOffPerHono), ratio(r.geomean.idOnPerOff)],
      ],
    ),
  );
  console.log(`target off/Hono ≤ ${TARGETS.dispatchPerHono}: ${mark(r.geomean.idOffPerHono <= TARGETS.dispatchPerHono)}; on/off ≤ 1.06: ${mark(r.geomean.idOnPerOff <= 1.06)}\n`);
  console.log('Production options (issue 35), the same requests: tracing on with the no-op provider, and an app-wide limit in the memory store, each / ours without');
  console.log(
    table(
      ['request', 'ours', 'tracing', 'rate limit', 'tracing/off', 'rate limit/off'],
      [
        ...r.rows.map((row) => [row.request, fmt(row.ours), fmt(row.tracing), fmt(row.rateLimit), ratio(row.tracingPerOff), ratio(row.rateLimitPerOff)]),
        ['geometric mean', '', '', '', ratio(r.geomean.tracingPerOff), ratio(r.geomean.rateLimitPerOff)],
      ],
    ),
  );
  // Judged on the worst routed request (a miss is neither traced nor counted), not on the mean.
  const routed = r.rows.filter((row) => row.request !== 'miss');
  const worstTracing = Math.max(...routed.map((row) => row.tracingPerOff));
  const worstRateLimit = Math.max(...routed.map((row) => row.rateLimitPerOff));
  console.log(
    `target, worst routed request: tracing/off ${ratio(worstTracing)} ≤ ${TARGETS.tracingPerOff}: ${mark(worstTracing <= TARGETS.tracingPerOff)}; ` +
      `rate limit/off ${ratio(worstRateLimit)} ≤ ${TARGETS.rateLimitPerOff}: ${mark(worstRateLimit <= TARGETS.rateLimitPerOff)}\n`,
  );
  console.log('Versioning on (every controller @Version(\'1\'), the request naming it) against the same application without versioning (ours above):');
  const names = Object.keys(r.rows.map((row) => row.request).reduce((all, name) => ({ ...all, [name]: 1 }), {}));
  console.log(table(['versioning', ...names, 'on/off (geometric mean)'], r.versioning.map((row) => [row.kind, ...names.map((name) => fmt(row[name])), ratio(row.perOff)])));
  const worstVersioning = Math.max(...r.versioning.map((row) => row.perOff));
  console.log(`target on/off ≤ ${TARGETS.versioningPerOff}: ${mark(worstVersioning <= TARGETS.versioningPerOff)}\n`);
}

if (chosen.includes('scaling')) {
  const r = (results.scaling = await runScaling());
  console.log(`Scaling: last declared route and a miss (Hono router at 10,000: ${r.honoRouters[10000]})`);
  console.log(table(['routes', 'ours last', 'Hono last', 'ours miss', 'Hono miss'], r.rows.map((row) => [row.routes.toLocaleString('en'), fmt(row.oursLast), fmt(row.honoLast), fmt(row.oursMiss), fmt(row.honoMiss)])));
  const q = r.ratio10kTo10;
  console.log(`10,000/10 routes: ours last ${ratio(q.oursLast)}, miss ${ratio(q.oursMiss)}; Hono last ${ratio(q.honoLast)}, miss ${ratio(q.honoMiss)}`);
  console.log(`target ours ≤ ${TARGETS.scaling}: ${mark(Math.max(q.oursLast, q.oursMiss) <= TARGETS.scaling)}\n`);
}

if (chosen.includes('validation')) {
  const r = (results.validation = await runValidation());
  console.log('Validation: POST to a @Body(Dto) route (3 fields) vs plainToInstance + validate called directly; alone, then with 200 more DTO classes registered');
  console.log(table(['body', 'DTO classes', 'ours', 'floor', 'ours/floor'], r.rows.map((row) => [row.body, String(row.dtos), fmt(row.ours), fmt(row.floor), ratio(row.oursPerFloor)])));
  const worst = Math.max(...r.rows.filter((row) => row.dtos === 1).map((row) => row.oursPerFloor));
  console.log(`target ≤ ${TARGETS.validationPerFloor}: ${mark(worst <= TARGETS.validationPerFloor)}\n`);
}

if (chosen.includes('schemas')) {
  const r = (results.schemas = await runSchemas());
  console.log(
    'Schemas: POST to a @Body(schema) route (the 3 fields of `validation`) vs the body read, JSON.parse + schema[\'~standard\'].validate called directly' +
      (r.earlier ? `; and @Body(Dto) of this build vs the same route of ${r.earlier}` : ' (no earlier build to compare @Body(Dto) with: cp -r dist .tmp/dist-before before a change)'),
  );
  console.log(table(['request', 'ours', 'floor', 'ours/floor'], r.rows.map((row) => [row.request, fmt(row.ours), fmt(row.floor), ratio(row.oursPerFloor)])));
  const schemaRows = r.rows.filter((row) => !row.request.startsWith('DTO'));
  const dtoRows = r.rows.filter((row) => row.request.startsWith('DTO'));
  const worst = Math.max(...schemaRows.map((row) => row.oursPerFloor));
  const dto = dtoRows.length > 0 ? Math.max(...dtoRows.map((row) => row.oursPerFloor)) : undefined;
  console.log(
    `target schemas ≤ ${TARGETS.schemasPerFloor}: ${mark(worst <= TARGETS.schemasPerFloor)}` +
      (dto === undefined ? '' : `; DTO routes ≤ ${TARGETS.dtoPerEarlierBuild}× the earlier build: ${mark(dto <= TARGETS.dtoPerEarlierBuild)}`) +
      '\n',
  );
}

if (chosen.includes('query')) {
  const r = (results.query = await runQuery());
  console.log('Query validation: GET to a @Query(Dto) route (3 fields) vs the query string parsed, then plainToInstance + validate');
  console.log(table(['query', 'ours', 'floor', 'ours/floor'], r.rows.map((row) => [row.query, fmt(row.ours), fmt(row.floor), ratio(row.oursPerFloor)])));
  const worst = Math.max(...r.rows.map((row) => row.oursPerFloor));
  console.log(`target ≤ ${TARGETS.queryPerFloor}: ${mark(worst <= TARGETS.queryPerFloor)}\n`);
}

if (chosen.includes('upload')) {
  const r = (results.upload = await runUpload());
  console.log(`Uploads: PUT of a ${r.fileBytes / 1024} KB file to a @Form(Dto) route with IsFile vs request.formData() + class-validator`);
  console.log(table(['upload', 'ours', 'floor', 'ours/floor'], r.rows.map((row) => [row.upload, fmt(row.ours), fmt(row.floor), ratio(row.oursPerFloor)])));
  console.log('');
}

if (chosen.includes('serialize')) {
  const r = (results.serialize = await runSerialize());
  console.log('Serialisation: a route returning a plain object, serialisation on (the default) vs `serialize: false`');
  console.log(table(['value', 'on', 'off', 'on/off'], r.rows.map((row) => [row.value, fmt(row.ours), fmt(row.off), ratio(row.oursPerOff)])));
  const worst = Math.max(...r.rows.map((row) => row.oursPerOff));
  console.log(`target ≤ ${TARGETS.serializePerOff}: ${mark(worst <= TARGETS.serializePerOff)}\n`);
}

if (chosen.includes('actions')) {
  const r = (results.actions = await runActions());
  console.log('Issue 53: a route as a Server Action (next-app-controllers/actions) / the same route through app.fetch with the same input, each reading the JSON (paired per round)');
  console.log(table(['case', 'action', 'app.fetch', 'ratio', 'target'], r.rows.map((row) => [row.case, fmt(row.action), fmt(row.fetch), ratio(row.ratio), `≤ ${TARGETS.actionPerFetch} ${mark(row.ratio <= TARGETS.actionPerFetch)}`])));
  console.log('');
}

if (chosen.includes('services')) {
  const r = (results.services = await runServices());
  console.log('Issue 43: webhooks, Idempotency-Key, request ids and the log, each against its baseline in the same run (paired per round)');
  console.log(table(['case', 'ours', 'baseline', 'ratio', 'target'], r.rows.map((row) => [row.case, fmt(row.a), fmt(row.b), ratio(row.ratio), `≤ ${row.target} ${mark(row.ratio <= row.target)}`])));
  console.log('');
}

if (chosen.includes('contract')) {
  const r = (results.contract = await runContract());
  console.log("Response contract: a 20-item page (6 fields, one nested DTO, 4 undeclared fields each), 'strip' vs today");
  console.log(table(['value', 'strip', 'today', 'today is', 'strip/today', 'bytes strip/today'], r.rows.map((row) => [row.value, fmt(row.strip), fmt(row.today), row.todayIs, ratio(row.stripPerToday), row.bytes])));
  const [plain, instances] = r.rows;
  console.log(
    `targets: plain ≤ ${TARGETS.contractPlainPerSerializeOff}: ${mark(plain.stripPerToday <= TARGETS.contractPlainPerSerializeOff)}, ` +
      `instances ≤ ${TARGETS.contractInstancesPerInstanceToPlain}: ${mark(instances.stripPerToday <= TARGETS.contractInstancesPerInstanceToPlain)}\n`,
  );
}

if (chosen.includes('builders')) {
  const r = (results.builders = await runBuilders());
  console.log('Response builders: the same 200 JSON response (status, content-type, body)');
  console.log(table(['builder', 'time', '/ours'], r.rows.map((row) => [row.builder, fmt(row.ns), ratio(row.perOurs)])));
  console.log('');
}

if (chosen.includes('mcp')) {
  const r = (results.mcp = await runMcp());
  console.log('MCP: calling a create tool (a @Body route, 3-field DTO) vs the same request through app.fetch, in process');
  console.log(table(['way', 'time', 'app.fetch', '/app.fetch'], r.rows.map((row) => [row.way, fmt(row.ns), fmt(row.fetch), ratio(row.perFetch)])));
  console.log(`target tool call ≤ ${TARGETS.mcpToolCallPerFetch} × app.fetch: ${mark(r.rows[0].perFetch <= TARGETS.mcpToolCallPerFetch)} (the POST rows add the HTTP transport: reported, no target)\n`);
}

if (chosen.includes('pagination')) {
  const r = (results.pagination = await runPagination());
  console.log('Pagination: a @Paginated cursor route (20 items of a 3-field DTO, Link header) vs the same envelope by hand (query DTO, envelope DTO through the contract), without and with the same Link built by hand (paired per round)');
  console.log(
    table(
      ['route', 'time', '@Paginated/this'],
      [
        ['@Paginated', fmt(r.paginated), ratio(1)],
        ['by hand, no Link', fmt(r.byHand), ratio(r.ratio)],
        ['by hand, the same Link (@Use)', fmt(r.byHandLink), ratio(r.perByHandLink)],
      ],
    ),
  );
  console.log(
    `target ≤ ${TARGETS.paginatedPerByHand}: against the same answer by hand ${mark(r.perByHandLink <= TARGETS.paginatedPerByHand)}; against the envelope alone (no Link) ${mark(r.ratio <= TARGETS.paginatedPerByHand)}\n`,
  );
}

if (chosen.includes('retained')) {
  const r = (results.retained = await runRetained());
  console.log('Retained heap: what an application keeps once it has answered a request (median of 9 builds each), per route');
  console.log(table(['routes', 'ours', 'Hono', 'ours/Hono'], r.rows.map((row) => [row.routes.toLocaleString('en'), `${Math.round(row.oursBytesPerRoute)} B`, `${Math.round(row.honoBytesPerRoute)} B`, ratio(row.oursPerHono)])));
  console.log('');
}

if (chosen.includes('auth')) {
  const r = (results.auth = await runAuth());
  console.log('Auth (issue 41): GET /api/me with a valid HS256 JWT, @Auth(jwt) + @Principal() vs a hand-written @Use middleware calling jose\'s jwtVerify with the same key');
  console.log(table(['route', '@Auth(jwt)', 'middleware', '@Auth/middleware'], [['/api/me', fmt(r.jwt.auth), fmt(r.jwt.middleware), ratio(r.jwt.perMiddleware)]]));
  console.log(`target ≤ ${TARGETS.authJwtPerMiddleware}: ${mark(r.jwt.perMiddleware <= TARGETS.authJwtPerMiddleware)}`);
  console.log('Routes without auth (the 200 of dispatch) in an application with auth.schemes and a guarded controller vs the same routes without any auth config');
  console.log(table(['request', 'no auth', 'app with auth', 'ratio'], [...r.rows.map((row) => [row.request, fmt(row.plain), fmt(row.withAuth), ratio(row.perPlain)]), ['geometric mean', '', '', ratio(r.unguardedPerPlain)]]));
  console.log(`target ≤ ${TARGETS.authUnguardedPerPlain}: ${mark(r.unguardedPerPlain <= TARGETS.authUnguardedPerPlain)}\n`);
}

if (chosen.includes('jobs')) {
  const r = (results.jobs = await runJobs());
  const e = r.enqueue;
  console.log('Jobs (issue 54): a durable sendWebhook enqueued on bullmqQueue, redis-server on loopback, each call timed alone');
  if (e) {
    const row = (name, t) => [name, t.count.toLocaleString('en'), `${t.p50.toFixed(3)} ms`, `${t.p99.toFixed(3)} ms`, `${t.max.toFixed(3)} ms`];
    console.log(table(['call', 'calls', 'p50', 'p99', 'max'], [row('durable sendWebhook', e), row("BullMQ's Queue.add alone", e.queueAdd), row('one SET', e.set)]));
    console.log(`target p99 ≤ ${TARGETS.jobsEnqueueP99Ms} ms: ${mark(e.p99 <= TARGETS.jobsEnqueueP99Ms)}`);
  } else {
    console.log('left out: no redis-server (apt-get install -y redis-server, or REDIS_SERVER)');
  }
  console.log('The 200 routes of dispatch: the app built before next-app-controllers/jobs was imported, after it (declaring nothing), and with a @Scheduled method');
  console.log(
    table(
      ['request', 'before', 'after', 'schedule', 'after/before', 'schedule/before'],
      [
        ...r.rows.map((row) => [row.request, fmt(row.before), fmt(row.after), fmt(row.scheduled), ratio(row.afterPerBefore), ratio(row.scheduledPerBefore)]),
        ['geometric mean', '', '', '', ratio(r.afterPerBefore), ratio(r.scheduledPerBefore)],
      ],
    ),
  );
  console.log(`target after/before ≤ ${TARGETS.jobsNoQueuePerBefore}: ${mark(r.afterPerBefore <= TARGETS.jobsNoQueuePerBefore)}\n`);
}

if (chosen.includes('startup')) {
  const r = (results.startup = runStartup());
  console.log(`Start-up: fresh process, import + 200-route app + first request (${r.runs} interleaved runs each, medians)`);
  console.log(
    table(
      ['candidate', 'import+build', 'whole process'],
      [
        ['ours', `${r.ours.inProcessMs.toFixed(1)} ms`, `${r.ours.wallMs.toFixed(1)} ms`],
        ['Hono', `${r.hono.inProcessMs.toFixed(1)} ms`, `${r.hono.wallMs.toFixed(1)} ms`],
      ],
    ),
  );
  console.log(`ours/Hono: ${ratio(r.oursPerHono)}\n`);
}

if (chosen.includes('size')) {
  const r = (results.size = runSize());
  const cjs = (results.sizeCommonJs = runSize(undefined, 'index.cjs'));
  console.log(
    `Size: ${r.file}: ${(r.bytes / 1024).toFixed(1)} KiB, gzipped ${r.gzipBytes} bytes; ${cjs.file}: gzipped ${cjs.gzipBytes} bytes; ` +
      `target ≤ ${TARGETS.gzipBytes} bytes: ${mark(Math.max(r.gzipBytes, cjs.gzipBytes) <= TARGETS.gzipBytes)}. Loaded on first use (every lazily loaded chunk: the dispatcher, validation, OpenAPI, Swagger UI, Scalar, MCP, the contract, SSE, CORS): ${(r.lazyGzipBytes / 1024).toFixed(2)} KiB gzipped.\n`,
  );
}

results.seconds = (Date.now() - started) / 1000;
if (sectionOut) {
  writeFileSync(sectionOut, JSON.stringify(results));
  process.exit(0);
}
const dir = new URL('./results/', import.meta.url);
mkdirSync(dir, { recursive: true });
const file = new URL(`bench-${machine.date.replace(/[:.]/g, '-')}.json`, dir);
const json = JSON.stringify(results, null, 2);
writeFileSync(file, json);
writeFileSync(new URL('latest.json', dir), json);
console.log(`${results.seconds.toFixed(0)} s; results in bench/results/latest.json and ${file.pathname.split('/').pop()}`);

async function versions() {
  const { readFileSync } = await import('node:fs');
  const root = new URL('../', import.meta.url);
  const out = {};
  for (const name of ['hono', 'find-my-way', 'class-validator', 'class-transformer', 'zod', 'valibot', 'arktype']) {
    try {
      out[name] = JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, root), 'utf8')).version;
    } catch {
      out[name] = 'missing';
    }
  }
  return out;
}
