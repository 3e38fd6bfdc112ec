import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { context, trace, SpanStatusCode, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { IsString, MinLength } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiResponse, Body, Controller, Get, HttpError, Post, Use, createApplication, type Middleware, type RouteContext } from '../../runtime/index';
import { memoryQueue, Scheduled, sendWebhook, startJobs, stopJobs, type ScheduledContext } from '../../runtime/jobs';

class TracedCreatePostDto {
  @IsString() @MinLength(1) title!: string;
  @IsString() content!: string;
}

class TracedPostDto {
  @IsString() id!: string;
}

const failing: Middleware = () => {
  throw new Error('middleware broke');
};

@Controller('/posts')
class PostsController {
  @Get('/:id')
  @ApiResponse({ status: 200, type: TracedPostDto })
  findOne(context: RouteContext) {
    trace.getActiveSpan()?.setAttribute('inside', 'handler');
    return { id: context.params.id, secret: 'stripped' };
  }

  @Post('')
  create(@Body(TracedCreatePostDto) body: TracedCreatePostDto) {
    return body;
  }

  @Get('/fail/now')
  async fail() {
    throw new Error('database password is hunter2');
  }

  @Get('/gone/now')
  gone() {
    throw new HttpError(404, 'Gone');
  }

  @Get('/guarded/now')
  @Use(failing)
  guarded() {
    return {};
  }
}

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager().enable();
const RPC_METADATA = Symbol.for('OpenTelemetry SDK Context Key RPC_METADATA');

const app = createApplication({ controllers: [PostsController], tracing: true, onError: () => {} });
const withMiddleware = createApplication({ basePath: '/mw', controllers: [PostsController], tracing: true, onError: () => {} }).use((_context, next) => next());

/**
 * The request as Next.js runs it: inside its route-handler span (`executing api route (app) …`), itself inside
 * instrumentation-http's server span with its RPC metadata in the context. Gives the spans ended meanwhile.
 */
async function traced(request: Request, application = app): Promise<{ response: Response; spans: ReadableSpan[]; rpc: { type: string; span: Span; route?: string } }> {
  exporter.reset();
  const tracer = trace.getTracer('test');
  const server = tracer.startSpan('GET');
  const rpc = { type: 'http', span: server } as { type: string; span: Span; route?: string };
  const outer = trace.setSpan(context.active(), server).setValue(RPC_METADATA, rpc);
  const response = await context.with(outer, () =>
    tracer.startActiveSpan('executing api route (app) /api/[[...route]]', async (span) => {
      try {
        const answer = await application.handle(request);
        await answer.arrayBuffer();
        return answer;
      } finally {
        span.end();
      }
    }),
  );
  server.end();
  return { response, spans: exporter.getFinishedSpans(), rpc };
}

const named = (spans: ReadableSpan[], name: string) => spans.find((span) => span.name === name);

const test = suite('tracing');

test.before(() => {
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(contextManager);
});

test.after(() => {
  trace.disable();
  context.disable();
});

test("Next.js's route span is named after the route with http.route, right after routing; the controller and method are attributes", async () => {
  const { response, spans } = await traced(new Request('http://localhost/api/posts/42'));
  assert.is(response.status, 200);
  const route = named(spans, 'GET /api/posts/:id');
  assert.ok(route, spans.map((span) => span.name).join(', '));
  assert.is(route!.attributes['http.route'], '/api/posts/:id');
  assert.is(route!.attributes['next_app_controllers.controller'], 'PostsController');
  assert.is(route!.attributes['next_app_controllers.method'], 'findOne');
});

test("the request id is the trace's id unless the request sent a sane X-Request-Id, and it is on the route's span", async () => {
  const { response, spans } = await traced(new Request('http://localhost/api/posts/42'));
  const route = named(spans, 'GET /api/posts/:id')!;
  assert.is(response.headers.get('x-request-id'), route.spanContext().traceId);
  assert.is(route.attributes['next_app_controllers.request_id'], route.spanContext().traceId);
  const sent = await traced(new Request('http://localhost/api/posts/42', { headers: { 'x-request-id': 'client-1' } }));
  assert.is(sent.response.headers.get('x-request-id'), 'client-1');
  assert.is(named(sent.spans, 'GET /api/posts/:id')!.attributes['next_app_controllers.request_id'], 'client-1');
});

test("instrumentation-http's server span: its RPC metadata route is set and the span is named at once", async () => {
  const { spans, rpc } = await traced(new Request('http://localhost/api/posts/42'));
  assert.is(rpc.route, '/api/posts/:id');
  const server = spans.find((span) => span.spanContext().spanId === rpc.span.spanContext().spanId)!;
  assert.is(server.name, 'GET /api/posts/:id');
  assert.is(server.attributes['http.route'], '/api/posts/:id');
});

test('the handler has a span of its own, active while it runs, and the response contract one', async () => {
  const { spans } = await traced(new Request('http://localhost/api/posts/42'));
  const handler = named(spans, 'handler PostsController.findOne')!;
  assert.ok(handler);
  assert.is(handler.attributes['code.function.name'], 'PostsController.findOne');
  assert.is(handler.attributes.inside, 'handler');
  const route = named(spans, 'GET /api/posts/:id')!;
  assert.is(handler.parentSpanContext?.spanId, route.spanContext().spanId);
  assert.ok(named(spans, 'response contract'));
});

test('a 422 has the validation span with its number of field errors; a valid body has 0', async () => {
  const invalid = await traced(new Request('http://localhost/api/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":""}' }));
  assert.is(invalid.response.status, 422);
  assert.is(named(invalid.spans, 'validation')!.attributes['next_app_controllers.validation.errors'], 2);
  assert.is(named(invalid.spans, 'handler PostsController.create'), undefined);
  const valid = await traced(new Request('http://localhost/api/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"a","content":"b"}' }));
  assert.is(named(valid.spans, 'validation')!.attributes['next_app_controllers.validation.errors'], 0);
});

test('a thrown error is recorded once, on the handler span, and the 500 sets the route span to error', async () => {
  const { response, spans } = await traced(new Request('http://localhost/api/posts/fail/now'));
  assert.is(response.status, 500);
  const handler = named(spans, 'handler PostsController.fail')!;
  assert.is(handler.status.code, SpanStatusCode.ERROR);
  assert.equal(
    handler.events.map((event) => [event.name, event.attributes?.['exception.message']]),
    [['exception', 'database password is hunter2']],
  );
  const route = named(spans, 'GET /api/posts/fail/now')!;
  assert.is(route.status.code, SpanStatusCode.ERROR);
  assert.equal(route.events, []);
});

test('an HttpError below 500 is not an exception', async () => {
  const { response, spans } = await traced(new Request('http://localhost/api/posts/gone/now'));
  assert.is(response.status, 404);
  assert.is(named(spans, 'handler PostsController.gone')!.status.code, SpanStatusCode.UNSET);
  assert.equal(named(spans, 'handler PostsController.gone')!.events, []);
});

test('the middleware chain has a span, which records what a middleware throws', async () => {
  const ok = await traced(new Request('http://localhost/mw/posts/42'), withMiddleware);
  const chain = named(ok.spans, 'middleware')!;
  assert.ok(chain);
  assert.is(named(ok.spans, 'handler PostsController.findOne')!.parentSpanContext?.spanId, chain.spanContext().spanId);
  const broken = await traced(new Request('http://localhost/mw/posts/guarded/now'), withMiddleware);
  assert.is(broken.response.status, 500);
  const failed = named(broken.spans, 'middleware')!;
  assert.equal(failed.events.map((event) => event.attributes?.['exception.message']), ['middleware broke']);
});

test('with no span around the request, none is made', async () => {
  exporter.reset();
  const response = await app.handle(new Request('http://localhost/api/posts/42'));
  assert.is(response.status, 200);
  assert.equal(exporter.getFinishedSpans(), []);
});

test.run();

// Issue 54, item 3: with createApplication({ tracing: true }), a scheduled method's run is a span named after the job
// (a trace of its own from the queue, a child of the request's span from its cron route), and so is each attempt of
// a durable webhook; without tracing, none is made.
const SECRET = `whsec_${Buffer.from('a traced secret of thirty-two by').toString('base64')}`;

async function until(check: () => boolean, timeout = 5_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const spansNamed = (name: string): ReadableSpan[] => exporter.getFinishedSpans().filter((span) => span.name === name);

let fail = false;
const seen: { name: string; active?: string }[] = [];

@Controller('/reports')
class ReportsController {
  @Scheduled('* * * * * *', { name: 'every-second' })
  everySecond({ name }: ScheduledContext) {
    trace.getActiveSpan()?.setAttribute('inside', 'the method');
    seen.push({ name });
  }

  @Scheduled('0 0 1 1 *', { name: 'yearly', attempts: 1 })
  async yearly({ name }: ScheduledContext) {
    seen.push({ name });
    if (fail) throw new Error('the report broke');
  }
}

let base = 0;
const basePath = () => `/traced${++base}`;

const jobs = suite('tracing: jobs');

// The provider of the suite above, registered again: a second provider in the process would keep the tracer of an
// application built while it was the global one.
jobs.before(() => {
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(contextManager);
});

jobs.after(() => {
  trace.disable();
  context.disable();
});

jobs.before.each(() => {
  exporter.reset();
  seen.length = 0;
  fail = false;
});

jobs("a tick of the queue is a span named after the job, a trace of its own, active while the method runs, with the job's attributes", async () => {
  const app = createApplication({ controllers: [ReportsController], basePath: basePath(), queue: memoryQueue(), tracing: true });
  try {
    assert.ok(await startJobs(app));
    await until(() => spansNamed('job every-second').length >= 1, 3_000);
  } finally {
    await stopJobs(app, 100);
  }
  const [span] = spansNamed('job every-second');
  assert.is(span.parentSpanContext, undefined, 'a root span');
  assert.is(span.attributes['next_app_controllers.job'], 'every-second');
  assert.is(span.attributes['next_app_controllers.job.attempt'], 1);
  assert.match(String(span.attributes['next_app_controllers.job.scheduled_at']), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
  assert.is(span.attributes.inside, 'the method');
  assert.is(span.status.code, SpanStatusCode.UNSET);
});

jobs("its cron route runs it in a child of the request's span; what it throws is recorded on the job's span", async () => {
  const app = createApplication({ controllers: [ReportsController], basePath: basePath(), tracing: true, onError: () => {} });
  const tracer = trace.getTracer('test');
  const request = (path: string) => tracer.startActiveSpan('GET', async (outer) => {
    const response = await app.fetch(path);
    outer.end();
    return { response, outer };
  });
  const { response, outer } = await request(`${app.basePath}/_cron/yearly`);
  assert.is(response.status, 200);
  const [span] = spansNamed('job yearly');
  assert.is(span.parentSpanContext?.spanId, outer.spanContext().spanId);
  assert.is(span.spanContext().traceId, outer.spanContext().traceId);

  exporter.reset();
  fail = true;
  const error = console.error;
  console.error = () => {}; // the failure's log line (no `log` given)
  const failed = await request(`${app.basePath}/_cron/yearly`).finally(() => (console.error = error));
  assert.is(failed.response.status, 500);
  const [broken] = spansNamed('job yearly');
  assert.is(broken.status.code, SpanStatusCode.ERROR);
  assert.equal(broken.events.map((event) => event.attributes?.['exception.message']), ['the report broke']);
});

jobs('each attempt of a durable webhook is a span named after its type, with its webhook-id; a failed attempt is an error', async () => {
  const statuses = [503, 204];
  let answered = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(statuses[Math.min(answered++, statuses.length - 1)]).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const app = createApplication({ controllers: [], basePath: basePath(), queue: memoryQueue(), tracing: true });
  try {
    const id = await sendWebhook(url, 'order.created', { orderId: 'o_1' }, { secret: SECRET, durable: true, app, allowPrivate: true, backoff: 50 });
    await until(() => spansNamed('webhook order.created').length === 2);
    const attempts = spansNamed('webhook order.created');
    assert.equal(attempts.map((span) => span.attributes['next_app_controllers.webhook.id']), [id, id]);
    assert.equal(attempts.map((span) => span.attributes['next_app_controllers.job.attempt']), [1, 2]);
    assert.equal(attempts.map((span) => span.status.code), [SpanStatusCode.ERROR, SpanStatusCode.UNSET]);
  } finally {
    await stopJobs(app, 100);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

jobs("an application with no queue: a durable webhook's attempt on the in-process queue built for it is traced too", async () => {
  let answered = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(answered++ === 0 ? 204 : 500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const app = createApplication({ controllers: [], basePath: basePath(), tracing: true });
  try {
    const id = await sendWebhook(url, 'order.paid', { orderId: 'o_2' }, { secret: SECRET, durable: true, app, allowPrivate: true });
    await until(() => spansNamed('webhook order.paid').length === 1);
    assert.is(spansNamed('webhook order.paid')[0].attributes['next_app_controllers.webhook.id'], id);
  } finally {
    await stopJobs(app, 100);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

jobs('without tracing: true, no span is made for a job', async () => {
  const app = createApplication({ controllers: [ReportsController], basePath: basePath() });
  const response = await trace.getTracer('test').startActiveSpan('GET', async (outer) => {
    const answer = await app.fetch(`${app.basePath}/_cron/yearly`);
    outer.end();
    return answer;
  });
  assert.is(response.status, 200);
  assert.equal(seen, [{ name: 'yearly' }]);
  assert.equal(exporter.getFinishedSpans().map((span) => span.name), ['GET']);
});

jobs.run();

const missing = suite('tracing without @opentelemetry/api');

missing('tracing: true without the package warns once and serves every request', () => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./tracing-without-api.child.ts', import.meta.url))], { encoding: 'utf8' });
  assert.is(child.status, 0, child.stderr);
  assert.equal(JSON.parse(child.stdout), {
    statuses: [200, 200],
    warnings: ['next-app-controllers: createApplication({ tracing: true }) needs @opentelemetry/api (npm install @opentelemetry/api); requests are not traced.'],
  });
});

missing.run();
