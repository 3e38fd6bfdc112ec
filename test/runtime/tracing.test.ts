import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { context, trace, SpanStatusCode, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { IsString, MinLength } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiResponse, Body, Controller, Get, HttpError, Post, Use, createApplication, type Middleware, type RouteContext } from '../../runtime/index';

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
