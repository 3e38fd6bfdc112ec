// Authentication (issue 41), in process, one run:
// - `@Auth(jwt)`: a route guarded by a `bearer({ jwt: { key } })` scheme (HS256, a shared secret), its handler reading
//   `@Principal()`, against the same route in the same library without auth, behind a hand-written `@Use` middleware
//   that calls jose's `jwtVerify` with the same key, issuer and audience and puts the claims on `context.state`
//   (the recipe the guide replaced). Both answer the same token with the same body. Target ≤ 1.05.
// - Routes without auth: the 200 synthetic routes of `dispatch` in an application that also has a guarded controller
//   and `auth.schemes` (so the dispatcher loads the authentication step), against the same routes without any auth
//   config. Target ≤ 1.01 (geometric mean of the per-round ratios over the requests).
import { SignJWT, jwtVerify } from 'jose';
import * as dist from '../dist/index.mjs';
import { buildOurs, requestsFor, syntheticRoutes } from './lib/apps.mjs';
import { describeResponse, geomean, interleavedSamples, loop, median, pairedRatio } from './lib/harness.mjs';

const SECRET = new TextEncoder().encode('a-benchmark-secret-of-32-bytes!!');
const CLAIMS = { issuer: 'https://issuer.example', audience: 'https://api.example' };

/** `/api/me` answering `{ sub }`: guarded by `jwt`, or (without a scheme) behind `middleware`. */
function meController(guard) {
  class MeController {}
  // With a scheme, the handler gets @Principal(); without, the context (no parameter decorator), read what the
  // middleware put on it.
  MeController.prototype.me = guard.scheme ? (who) => ({ sub: who.sub }) : (context) => ({ sub: context.state.user.sub });
  dist.Get('/me')(MeController.prototype, 'me');
  if (guard.scheme) {
    dist.Auth(guard.scheme)(MeController.prototype, 'me');
    dist.Principal()(MeController.prototype, 'me', 0);
  } else {
    dist.Use(guard.middleware)(MeController.prototype, 'me');
  }
  dist.Controller('/')(MeController);
  return MeController;
}

const unauthorized = () => new Response(JSON.stringify({ error: 'unauthorized' }), { status: 401, headers: { 'content-type': 'application/json' } });

/** The recipe: read the header, jwtVerify with the same key and claims, 401 on anything wrong. */
async function handWritten(context, next) {
  const header = context.request.headers.get('authorization');
  if (!header?.startsWith('Bearer ')) return unauthorized();
  try {
    const { payload } = await jwtVerify(header.slice(7), SECRET, CLAIMS);
    context.state.user = payload;
  } catch {
    return unauthorized();
  }
  return next();
}

export async function runAuth({ rounds = 60, batch = 300 } = {}) {
  const jwt = dist.bearer({ name: 'jwt', jwt: { key: SECRET, issuer: CLAIMS.issuer, audience: CLAIMS.audience, algorithms: ['HS256'] } });
  const token = await new SignJWT({ scope: 'read' }).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setIssuer(CLAIMS.issuer).setAudience(CLAIMS.audience).setExpirationTime('2h').sign(SECRET);

  const guarded = dist.createApplication({ controllers: [meController({ scheme: jwt })], auth: { schemes: [jwt] } });
  const middleware = dist.createApplication({ controllers: [meController({ middleware: handWritten })] });
  const me = new Request('http://127.0.0.1/api/me', { headers: { authorization: `Bearer ${token}` } });
  const jwtCases = { '@Auth(jwt)': (r) => guarded.handle(r), 'middleware + jwtVerify': (r) => middleware.handle(r) };

  const routes = syntheticRoutes(200);
  const plain = buildOurs(routes);
  const withAuth = buildOurs(routes, dist, { controllers: [meController({ scheme: jwt })], auth: { schemes: [jwt] } });
  const requests = requestsFor(200);

  const cases = [];
  const answers = await Promise.all(Object.values(jwtCases).map(async (fn) => describeResponse(await fn(me))));
  if (new Set(answers).size !== 1 || !answers[0].startsWith('200')) throw new Error(`auth: the JWT candidates answer differently:\n${answers.join('\n')}`);
  for (const [id, fn] of Object.entries(jwtCases)) cases.push({ id, run: loop(fn, me) });
  for (const [name, expected] of Object.entries(requests)) {
    const request = new Request(`http://127.0.0.1${expected.path}`, { method: expected.method });
    // A 404's requestId differs from one answer to the next.
    const [a, b] = [(await describeResponse(await plain.handle(request))).replace(/"requestId":"[^"]*"/, ''), (await describeResponse(await withAuth.handle(request))).replace(/"requestId":"[^"]*"/, '')];
    if (a !== b) throw new Error(`auth ${name}: the application with auth answers differently:\n${a}\n${b}`);
    cases.push({ id: `${name}/no auth`, run: loop((r) => plain.handle(r), request) });
    cases.push({ id: `${name}/auth app`, run: loop((r) => withAuth.handle(r), request) });
  }
  const samples = await interleavedSamples(cases, { rounds, batch });
  const ns = (id) => median(samples.get(id));
  const jwtRow = { auth: ns('@Auth(jwt)'), middleware: ns('middleware + jwtVerify'), perMiddleware: pairedRatio(samples.get('@Auth(jwt)'), samples.get('middleware + jwtVerify')) };
  const rows = Object.keys(requests).map((name) => ({
    request: name,
    plain: ns(`${name}/no auth`),
    withAuth: ns(`${name}/auth app`),
    perPlain: pairedRatio(samples.get(`${name}/auth app`), samples.get(`${name}/no auth`)),
  }));
  return { jwt: jwtRow, rows, unguardedPerPlain: geomean(rows.map((row) => row.perPlain)) };
}
