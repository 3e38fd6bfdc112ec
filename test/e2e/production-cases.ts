import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import * as assert from 'uvu/assert';
import { startRedis, type RunningRedis } from '../support/redis-server';
import { CHROMIUM } from './browser-cases';
import type { ExampleSuite } from './example-suite';
import { EXAMPLE, freePort, send, startExample, timed, type RunningServer } from './harness';
import { eventually, startCollector } from './otel-collector';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Issue 35: ETag, 304 and Cache-Control on the example's GET /api/posts/:id, over HTTP. */
export function cachingCases({ test, server }: ExampleSuite): void {
  test('GET /api/posts/1 has an ETag and Cache-Control; If-None-Match gets a 304 without a body until the post changes', async () => {
    const { port } = server();
    const first = await send(port, 'GET', '/api/posts/1');
    assert.is(first.status, 200);
    const tag = String(first.headers.etag);
    assert.match(tag, /^"[\w-]{27}"$/);
    assert.is(first.headers['cache-control'], 'private, no-cache');
    const again = await send(port, 'GET', '/api/posts/1', { headers: { 'if-none-match': tag } });
    assert.is(again.status, 304);
    assert.is(again.body.length, 0);
    assert.is(again.headers.etag, tag);
    const head = await send(port, 'HEAD', '/api/posts/1', { headers: { 'if-none-match': tag } });
    assert.is(head.status, 304);

    const changed = await send(port, 'PATCH', '/api/posts/1', json({ content: `changed at ${Date.now()}` }));
    assert.is(changed.status, 200);
    const fresh = await send(port, 'GET', '/api/posts/1', { headers: { 'if-none-match': tag } });
    assert.is(fresh.status, 200);
    assert.not.equal(fresh.headers.etag, tag);
    assert.equal(fresh.json().content, changed.json().content);
  });

  test('the document has the 304 with the ETag header, and the 429 of the limited route', async () => {
    const document = (await send(server().port, 'GET', '/api/openapi.json')).json();
    const findOne = document.paths['/api/posts/{id}'].get.responses;
    assert.equal(findOne['304'].headers.ETag, { $ref: '#/components/headers/ETag' });
    assert.equal(document.paths['/api/system/limited'].get.responses['429'], { $ref: '#/components/responses/TooManyRequests' });
  });
}

/** A page on 127.0.0.1:port holding `html`: another origin than the app's. */
function servePage(port: number, html: string): Promise<Server> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
  return new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve(server)));
}

const signUpForm = (action: string, name: string) =>
  `<form id="f" method="post" action="${action}"><input name="name" value="${name}"><input name="email" value="${name}@example.com"><button>Sign up</button></form>`;

/** Issue 35: CSRF as a browser meets it: a plain HTML form posted to the example's @Form route. */
export function csrfCases({ test, server }: ExampleSuite): void {
  test("headless Chromium: a form on another origin posting to a @Form route gets 403 and the handler never runs; the same form on the app's own page gets 201", async () => {
    const { base, port } = server();
    let page: Server | undefined;
    let browser: Browser | undefined;
    try {
      // The id the next sign-up gets: a plain POST without Origin (a server, curl) is not a cross-site request.
      const before = await send(port, 'POST', '/api/users', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=before&email=before%40example.com' });
      assert.is(before.status, 201);
      const id = Number(before.json().id);

      const otherPort = await freePort();
      page = await servePage(otherPort, `<!doctype html><title>elsewhere</title>${signUpForm(`${base}/api/users`, 'mallory')}`);
      browser = await timed('chromium launch (csrf)', () => chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 }));
      const tab = await browser.newPage();
      tab.setDefaultTimeout(20_000);
      await tab.goto(`http://127.0.0.1:${otherPort}/`);
      const [refused] = await Promise.all([tab.waitForResponse(`${base}/api/users`), tab.click('button')]);
      assert.is(refused.status(), 403);
      assert.is(refused.request().headers().origin, `http://127.0.0.1:${otherPort}`);
      assert.match(await refused.text(), 'Cross-site POST refused');

      await tab.goto(`${base}/`);
      await tab.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), signUpForm('/api/users', 'alice'));
      const [created] = await Promise.all([tab.waitForResponse(`${base}/api/users`), tab.click('#f button')]);
      assert.is(created.status(), 201);
      assert.is(created.request().headers().origin, base);
      // Had the cross-site form reached the handler, it would have taken the id in between.
      const user = await created.json();
      assert.equal([user.id, user.name], [String(id + 1), 'alice']);
    } finally {
      await browser?.close();
      await new Promise((resolve) => (page ? page.close(resolve) : resolve(undefined)));
    }
  });
}

/** Issue 35: the limited route of the example: in one process, then two `next start` of the build sharing a Redis. */
export function rateLimitCases({ test, server }: ExampleSuite): void {
  test('GET /api/system/limited: 5 a minute from one client, then 429 with Retry-After and the RateLimit fields', async () => {
    const { port } = server();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await send(port, 'GET', '/api/system/limited');
      statuses.push(last.status);
    }
    assert.equal(statuses, [200, 200, 200, 200, 200, 429]);
    assert.is(last!.headers['ratelimit-policy'], '"route";q=5;w=60');
    assert.match(String(last!.headers.ratelimit), /^"route";r=0;t=\d+$/);
    assert.ok(Number(last!.headers['retry-after']) > 0);
    assert.match(last!.text, 'Too many requests');
  });

  test('two next start of one build sharing a Redis: 10 requests spread over both, exactly 5 pass; Redis stopped, each request waits at most the timeout and goes on, logged', async () => {
    let redis: RunningRedis | undefined;
    const servers: RunningServer[] = [];
    try {
      redis = await timed('redis-server start', () => startRedis());
      const env = { EXAMPLE_REDIS_URL: redis.url, EXAMPLE_REDIS_TIMEOUT: '300' };
      servers.push(...(await timed('two next start with Redis', () => Promise.all([startExample(30_000, EXAMPLE, '/api/system/health', env), startExample(30_000, EXAMPLE, '/api/system/health', env)]))));
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(servers[i % 2].port, 'GET', '/api/system/limited')));
      const statuses = answers.map((answer) => answer.status);
      assert.is(statuses.filter((status) => status === 200).length, 5, statuses.join(', '));
      assert.is(statuses.filter((status) => status === 429).length, 5, statuses.join(', '));

      await redis.stop();
      for (const running of servers) {
        const started = performance.now();
        const response = await send(running.port, 'GET', '/api/system/limited');
        const waited = performance.now() - started;
        assert.is(response.status, 200);
        assert.is(response.headers.ratelimit, undefined);
        assert.ok(waited >= 250 && waited < 2_000, `waited ${waited} ms`);
        assert.match(running.output(), /The rate-limit store failed: Redis did not answer within 300 ms; the request went on unlimited/);
      }
    } finally {
      await Promise.all(servers.map((running) => running.stop()));
      await redis?.stop();
    }
  });
}

/** Issue 35: the example's traces, exported by its instrumentation.ts (and by a preloaded instrumentation-http) to a collector here. */
export function tracingCases({ test }: ExampleSuite): void {
  test("instrumentation.ts: GET /api/posts/42 has a span named GET /api/posts/:id with http.route in Next's trace; a 422 has the validation span with its error count; a thrown error is recorded", async () => {
    const collector = await startCollector();
    let running: RunningServer | undefined;
    try {
      running = await timed('next start with tracing', () => startExample(30_000, EXAMPLE, '/api/system/health', { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' }));
      const { spans } = collector;
      await send(running.port, 'GET', '/api/posts/42');
      const route = await eventually(() => spans.find((span) => span.name === 'GET /api/posts/:id'), 'span GET /api/posts/:id', spans);
      assert.is(route.attributes['http.route'], '/api/posts/:id');
      assert.is(route.attributes['next_app_controllers.controller'], 'PostsController');
      // Next.js's own trace: its root span of the request is in the same trace; under the route span, the middleware
      // chain's (the example has global middleware), and under that the handler's.
      await eventually(() => spans.find((span) => span.traceId === route.traceId && span.attributes['next.span_type'] === 'BaseServer.handleRequest'), "Next.js's root span", spans);
      const handler = await eventually(() => spans.find((span) => span.traceId === route.traceId && span.name === 'handler PostsController.findOne'), 'handler span', spans);
      const chain = spans.find((span) => span.spanId === handler.parentSpanId);
      assert.is(chain?.name, 'middleware');
      assert.is(chain?.parentSpanId, route.spanId);

      const invalid = await send(running.port, 'POST', '/api/posts', json({ title: '', tags: [{ name: '' }] }));
      assert.is(invalid.status, 422);
      const validation = await eventually(() => spans.find((span) => span.name === 'validation' && span.attributes['next_app_controllers.method'] === 'create'), 'validation span', spans);
      assert.is(validation.attributes['next_app_controllers.validation.errors'], invalid.json().errors.length);

      assert.is((await send(running.port, 'GET', '/api/system/fail')).status, 500);
      const failed = await eventually(() => spans.find((span) => span.name === 'handler SystemController.fail'), 'handler span of the 500', spans);
      assert.is(failed.status?.code, 2);
      assert.equal(failed.events.map((event) => [event.name, event.attributes['exception.message']]), [['exception', 'database password is hunter2']]);
    } finally {
      await running?.stop();
      await collector.close();
    }
  });

  test('instrumentation-http preloaded: the server span carries the route, for an SSE response too', async () => {
    const collector = await startCollector();
    let running: RunningServer | undefined;
    try {
      const env = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100', NODE_OPTIONS: `--require ${join(EXAMPLE, 'scripts', 'otel-preload.cjs')}` };
      running = await timed('next start with instrumentation-http', () => startExample(30_000, EXAMPLE, '/api/system/health', env));
      const { spans } = collector;
      const serverSpan = (route: string) => () => spans.find((span) => span.scope === '@opentelemetry/instrumentation-http' && span.kind === 2 && span.attributes['http.route'] === route);
      await send(running.port, 'GET', '/api/posts/42');
      const plain = await eventually(serverSpan('/api/posts/:id'), 'server span of GET /api/posts/42', spans);
      assert.is(plain.name, 'GET /api/posts/:id');

      const events = await send(running.port, 'GET', '/api/streams/ticks?count=3&interval=200');
      assert.is(events.status, 200);
      assert.match(String(events.headers['content-type']), 'text/event-stream');
      const stream = await eventually(serverSpan('/api/streams/ticks'), 'server span of the SSE response', spans);
      assert.is(stream.name, 'GET /api/streams/ticks');
    } finally {
      await running?.stop();
      await collector.close();
    }
  });
}
