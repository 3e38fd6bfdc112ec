// The library on the Edge runtime (test/fixtures/edge-app), built with both bundlers: the build must not warn about
// Node.js modules, and dispatch must work there, nested DTO validation included. The server exports its traces (the
// fixture's instrumentation.ts, @vercel/otel) to a collector here.
import { SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { withoutRequestId } from '../runtime/helpers';
import { buildExample, ROOT, send, startExample, timed, type Bundler, type RunningServer } from './harness';
import { eventually, startCollector, type CollectedSpan } from './otel-collector';
import { BROWSER_ACCEPT_ENCODING, readEvents } from './streams-cases';

const EDGE_APP = join(ROOT, 'test', 'fixtures', 'edge-app');
/** The key the fixture's bearer scheme verifies with (test/fixtures/edge-app/src/features/account.ts). */
const EDGE_JWT_SECRET = 'edge-fixture-secret-not-for-production-0123456789';

// E2E_BUNDLER=turbopack|webpack picks one while iterating (CI runs both).
for (const bundler of (['turbopack', 'webpack'] as Bundler[]).filter((name) => !process.env.E2E_BUNDLER || process.env.E2E_BUNDLER === name)) {
  const edge = suite(`edge runtime, next build (${bundler}) + next start`);
  let output = '';
  let server: RunningServer | undefined;
  let collector: Awaited<ReturnType<typeof startCollector>> | undefined;
  let setupError: unknown;

  edge.before(async () => {
    try {
      // E2E_REUSE_BUILD=1 starts the build already in the fixture's .next (while iterating; never in CI).
      if (process.env.E2E_REUSE_BUILD !== '1') output = await timed(`next build, edge fixture (${bundler})`, () => buildExample(bundler, EDGE_APP));
      collector = await startCollector();
      const env = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' };
      server = await startExample(30_000, EDGE_APP, '/api/items/ready', env);
    } catch (error) {
      setupError = error;
    }
  });
  edge.after(async () => {
    await server?.stop();
    await collector?.close();
  });

  const running = () => {
    if (setupError || !server) throw setupError ?? new Error('the edge fixture did not start');
    return server;
  };

  // Regression: the lazy Swagger UI chunk is followed by bundlers into Edge bundles; webpack failed the build on
  // swagger-ui-dist's require("path") and Turbopack warned about node:fs and process.cwd.
  edge('an Edge route that imports the library builds without Node.js module warnings', () => {
    running();
    assert.not.match(output, /Node\.js (module|API)/);
    assert.not.match(output, /Module not found/);
  });

  edge('dispatch runs on the Edge runtime', async () => {
    const response = await send(running().port, 'GET', '/api/items/7');
    assert.is(response.status, 200);
    assert.equal(response.json(), { id: '7', runtime: 'string' });
  });

  edge('auth on the Edge runtime: the bearer scheme verifies a JWT with jose bundled there: valid 200 with its principal, expired 401, none 401', async () => {
    const { port } = running();
    const token = (expiresAt: number) =>
      new SignJWT({ sub: 'edge-user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('https://issuer.test')
        .setAudience('https://api.test')
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(EDGE_JWT_SECRET));
    const now = Math.floor(Date.now() / 1000);
    const valid = await send(port, 'GET', '/api/account/me', { headers: { authorization: `Bearer ${await token(now + 300)}` } });
    assert.is(valid.status, 200, valid.text);
    assert.equal(valid.json(), { sub: 'edge-user', runtime: 'string' });
    assert.is(valid.headers['cache-control'], 'private');
    const expired = await send(port, 'GET', '/api/account/me', { headers: { authorization: `Bearer ${await token(now - 60)}` } });
    assert.is(expired.status, 401, expired.text);
    assert.match(String(expired.headers['www-authenticate']), 'error="invalid_token"');
    const none = await send(port, 'GET', '/api/account/me');
    assert.is(none.status, 401, none.text);
    assert.match(String(none.headers['www-authenticate']), 'Bearer realm="jwt"');
  });

  // Each token is valid but for one thing, so that a verifier that skipped that check would answer 200.
  edge('auth on the Edge runtime: a token signed with another key, for another audience or issuer, or unsigned (alg none) is a 401 invalid_token', async () => {
    const { port } = running();
    const now = Math.floor(Date.now() / 1000);
    const token = (options: { secret?: string; issuer?: string; audience?: string } = {}) =>
      new SignJWT({ sub: 'edge-user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(options.issuer ?? 'https://issuer.test')
        .setAudience(options.audience ?? 'https://api.test')
        .setIssuedAt()
        .setExpirationTime(now + 300)
        .sign(new TextEncoder().encode(options.secret ?? EDGE_JWT_SECRET));
    const good = await token();
    const [header, payload] = good.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const cases: [string, string][] = [
      ['another key', await token({ secret: 'another-secret-of-the-same-length-0123456789abcdefg' })],
      ['a tampered payload', `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', iss: 'https://issuer.test', aud: 'https://api.test', exp: now + 300 })).toString('base64url')}.${good.split('.')[2]}`],
      ['another audience', await token({ audience: 'https://other.test' })],
      ['another issuer', await token({ issuer: 'https://other-issuer.test' })],
      ['alg none', unsigned],
    ];
    for (const [name, jwt] of cases) {
      const response = await send(port, 'GET', '/api/account/me', { headers: { authorization: `Bearer ${jwt}` } });
      assert.is(response.status, 401, `${name}: ${response.text}`);
      assert.match(String(response.headers['www-authenticate']), 'error="invalid_token"', name);
    }
  });

  edge('a nested DTO is validated on the Edge runtime', async () => {
    const post = (body: unknown) =>
      send(running().port, 'POST', '/api/items', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const invalid = await post({ title: 'a', tags: [{ name: '' }] });
    assert.is(invalid.status, 422);
    assert.equal(invalid.json().errors, [{ field: 'tags.0.name', message: 'name must be longer than or equal to 1 characters', in: 'body' }]);
    const valid = await post({ title: 'a', tags: [{ name: 'x' }] });
    assert.is(valid.status, 200);
    assert.equal(valid.json(), { title: 'a', tags: [{ name: 'x' }] });
  });

  edge('SSE on the Edge runtime: each event arrives within 300 ms of being yielded, with the browser accept-encoding', async () => {
    const { headers, events, raw } = await readEvents(running().port, '/api/ticks', 3, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    assert.is(headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.is(headers['cache-control'], 'no-cache, no-transform');
    assert.is(headers['content-encoding'], undefined);
    assert.equal(events.map((event) => event.data.n), [1, 2, 3], raw);
    for (const event of events) assert.ok(event.arrived - event.data.at < 300, `event ${event.data.n} arrived ${event.arrived - event.data.at} ms after it was yielded`);
  });

  edge('the response contract strips a returned record on the Edge runtime (its chunk, no eval)', async () => {
    const response = await send(running().port, 'GET', '/api/items/9/public');
    assert.is(response.status, 200);
    assert.equal(response.json(), { id: '9', title: 'Edge', tags: [{ name: 'a' }] });
  });

  // The proxy's malformed-path 400 carries the CORS headers the app's global cors gives its own answers (issue 22).
  edge("the proxy's malformed-path 400 carries the app's CORS headers for an allowed origin, none for another", async () => {
    const { port } = running();
    const allowed = await send(port, 'GET', '/api/items/%E0%A4%A', { headers: { origin: 'http://allowed.example' } });
    assert.is(allowed.status, 400);
    assert.equal(allowed.json(), { success: false, statusCode: 400, message: 'Malformed percent-encoding in path /api/items/%E0%A4%A' });
    assert.is(allowed.headers['access-control-allow-origin'], 'http://allowed.example');
    assert.is(allowed.headers['access-control-expose-headers'], 'x-edge');
    const fromApp = await send(port, 'GET', '/api/nope', { headers: { origin: 'http://allowed.example' } });
    assert.is(fromApp.headers['access-control-allow-origin'], 'http://allowed.example', "the app's own answers carry them too");
    const other = await send(port, 'GET', '/api/items/%E0%A4%A', { headers: { origin: 'http://other.example' } });
    assert.is(other.status, 400);
    assert.is(other.headers['access-control-allow-origin'], undefined);
    assert.match(String(other.headers.vary), 'Origin');
  });

  // Issue 35: tracing: true on the Edge runtime, its traces exported by @vercel/otel (the fixture's instrumentation.ts).
  edge('tracing on the Edge runtime: GET /api/items/7 has a span named GET /api/items/:id with http.route, the middleware and handler spans under it, exported by @vercel/otel', async () => {
    const { port } = running();
    const spans = collector!.spans;
    // The readiness probe was a GET /api/items/:id too: this request's trace is told apart by the traceparent it sends.
    const traceId = randomBytes(16).toString('hex');
    const response = await send(port, 'GET', '/api/items/7', { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
    assert.is(response.status, 200);
    const route = await eventually(() => spans.find((span) => span.traceId === traceId && span.name === 'GET /api/items/:id'), 'span GET /api/items/:id', spans, 10_000);
    assert.is(route.attributes['http.route'], '/api/items/:id');
    assert.is(route.attributes['next_app_controllers.method'], 'one');
    assert.is(route.resource['vercel.runtime'], 'edge', 'exported from the Edge sandbox');
    // The app's global cors() is middleware: its chain's span is under the route's, the handler's under that. The
    // fixture keeps Next.js's server minification, so the controller's class name is minified (`handler p.one`).
    const isHandler = (span: CollectedSpan) => span.traceId === route.traceId && /^handler \S+\.one$/.test(span.name) && span.attributes['next_app_controllers.method'] === 'one';
    const handler = await eventually(() => spans.find(isHandler), 'handler span', spans, 10_000);
    const chain = spans.find((span) => span.spanId === handler.parentSpanId);
    assert.is(chain?.name, 'middleware');
    assert.is(chain?.parentSpanId, route.spanId);
  });

  edge('a path without a route answers the JSON 404', async () => {
    const response = await send(running().port, 'GET', '/api/nope');
    assert.is(response.status, 404);
    assert.equal(withoutRequestId(response.json(), String(response.headers['x-request-id'])), { success: false, statusCode: 404, message: 'Cannot GET /api/nope' });
  });

  edge.run();
}
