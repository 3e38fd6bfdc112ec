import type { Attributes, Span } from '@opentelemetry/api';
import type { Handler } from '../routing/compose';
import type { ErrorResponder } from '../errors/error-handler';
import { HttpError } from '../errors/http-error';
import { importOpenTelemetry } from '../peers/opentelemetry';
import type { Responder } from '../responses/serialize';
import type { RouteDefinition } from '../routing/route-definitions';
import type { InvokerTrace } from './hooks';

type Api = typeof import('@opentelemetry/api');

/** What the dispatcher asks of tracing. */
export interface Tracing {
  /**
   * The route's whole chain (global middleware to the response), behind a step that names the request's span after
   * the route, first thing after routing; with a span of its own for the middleware when the route has any.
   */
  route(definition: RouteDefinition, run: Handler, hasMiddleware: boolean): Handler;
  /** The error handler, recording each unexpected error on the span active where it was caught. */
  fail(fail: ErrorResponder): ErrorResponder;
  /** The active trace's id (32 hex digits), the request's id when it sent no X-Request-Id; undefined when there is none. */
  traceId(): string | undefined;
  invoker: InvokerTrace;
  /**
   * A job's run (a `@Scheduled` tick, a durable webhook's attempt) in a span named after it, active while it runs:
   * a trace of its own, or within the request's when a cron route runs it. Records what it throws.
   */
  job<T>(name: string, attributes: Attributes, run: () => Promise<T>): Promise<T>;
}

// @opentelemetry/core's key of the RPC metadata instrumentation-http puts in the context of a server request
// (createContextKey is Symbol.for): setting its `route` is how that instrumentation names its span and metrics.
const RPC_METADATA = Symbol.for('OpenTelemetry SDK Context Key RPC_METADATA');

/**
 * Tracing (a chunk, loaded by the dispatcher when `createApplication({ tracing: true })`): undefined, with a warning,
 * when `@opentelemetry/api` is not installed.
 */
export async function loadTracing(): Promise<Tracing | undefined> {
  const api = await importOpenTelemetry();
  if (api === undefined) {
    console.warn('next-app-controllers: createApplication({ tracing: true }) needs @opentelemetry/api (npm install @opentelemetry/api); requests are not traced.');
    return undefined;
  }
  return createTracing(api);
}

/**
 * Spans through the app's tracer provider (registered by its instrumentation.ts; without one the API's no-op answers).
 * Each step looks at the active span first and makes nothing unless it records: with no provider, or a request not
 * sampled, tracing costs a context lookup per step.
 */
export function createTracing(api: Api): Tracing {
  const tracer = api.trace.getTracer('next-app-controllers');
  const ERROR = api.SpanStatusCode.ERROR;
  // Errors recorded where they were thrown (a handler's span), so that the error handler does not record them again.
  const recorded = new WeakSet<object>();

  const recording = () => {
    const span = api.trace.getActiveSpan();
    return span?.isRecording() ? span : undefined;
  };

  const record = (span: Span, error: unknown) => {
    if (HttpError.is(error) && error.status < 500) return;
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: ERROR, message: error instanceof Error ? error.message : String(error) });
    if (typeof error === 'object' && error !== null) recorded.add(error);
  };

  /** Ends `span` once `value` settles, recording a rejection; gives back what `value` gives. */
  const ending = <T>(span: Span, value: T): T => {
    if (!isThenable(value)) {
      span.end();
      return value;
    }
    return Promise.resolve(value).then(
      (settled) => {
        span.end();
        return settled;
      },
      (error: unknown) => {
        record(span, error);
        span.end();
        throw error;
      },
    ) as T;
  };

  const invoker: InvokerTrace = {
    handler(definition, method) {
      const name = `handler ${handlerName(definition)}`;
      const attributes = namesOf(definition);
      return function traced(this: unknown, ...args: never[]) {
        if (recording() === undefined) return method.apply(this, args);
        return tracer.startActiveSpan(name, { attributes }, (span) => {
          let value: unknown;
          try {
            value = method.apply(this, args);
          } catch (error) {
            record(span, error);
            span.end();
            throw error;
          }
          return ending(span, value);
        });
      } as typeof method;
    },

    validation(definition) {
      const attributes = namesOf(definition);
      return {
        start: () => (recording() === undefined ? undefined : tracer.startSpan('validation', { attributes })),
        end(span, errors) {
          if (span === undefined) return;
          (span as Span).setAttribute('next_app_controllers.validation.errors', errors);
          span.end();
        },
      };
    },

    contract(definition, respond): Responder {
      const attributes = namesOf(definition);
      return (value, status) => {
        if (recording() === undefined) return respond(value, status);
        const span = tracer.startSpan('response contract', { attributes });
        try {
          return ending(span, respond(value, status));
        } catch (error) {
          record(span, error);
          span.end();
          throw error;
        }
      };
    },
  };

  return {
    invoker,

    job: (name, attributes, run) => tracer.startActiveSpan(name, { attributes }, (span) => ending(span, run())),

    traceId() {
      const id = api.trace.getActiveSpan()?.spanContext().traceId;
      return id !== undefined && api.isValidTraceId(id) ? id : undefined;
    },

    route(definition, run, hasMiddleware) {
      const route = definition.path;
      const attributes = namesOf(definition);
      return (context) => {
        const name = `${context.request.method} ${route}`;
        const active = api.context.active();
        // instrumentation-http's server span: named at once (a long stream keeps the name), and its metadata's route set,
        // which it writes last when the response ends, after Next.js has written its file path there.
        const rpc = active.getValue(RPC_METADATA) as { type?: string; route?: string; span?: Span } | undefined;
        if (rpc?.type === 'http') {
          rpc.route = route;
          if (rpc.span?.isRecording()) rpc.span.setAttribute('http.route', route).updateName(name);
        }
        const span = api.trace.getSpan(active);
        if (!span?.isRecording()) return run(context);
        // Next.js's span of the route handler (`executing api route (app) /api/[[...route]]`).
        span.setAttribute('http.route', route).setAttributes(attributes).setAttribute('next_app_controllers.request_id', context.requestId).updateName(name);
        const answer = hasMiddleware ? tracer.startActiveSpan('middleware', { attributes }, (chain) => ending(chain, run(context))) : run(context);
        const marked = (response: Response) => {
          if (response.status >= 500) span.setStatus({ code: ERROR });
          return response;
        };
        // A chain without middleware is the bare handler: what it throws, the dispatcher answers (a 500 unless an HttpError says less).
        const thrown = (error: unknown) => {
          if (!(HttpError.is(error) && error.status < 500)) span.setStatus({ code: ERROR });
          throw error;
        };
        return answer instanceof Response ? marked(answer) : answer.then(marked, thrown);
      };
    },

    fail(fail) {
      return (error, context) => {
        if (!(typeof error === 'object' && error !== null && recorded.has(error))) {
          const span = recording();
          if (span !== undefined) record(span, error);
        }
        return fail(error, context);
      };
    },
  };
}

function handlerName(definition: RouteDefinition): string {
  return `${definition.controller.name}.${definition.propertyKey}`;
}

function namesOf(definition: RouteDefinition): Attributes {
  return {
    'code.function.name': handlerName(definition),
    'next_app_controllers.controller': definition.controller.name,
    'next_app_controllers.method': definition.propertyKey,
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}
