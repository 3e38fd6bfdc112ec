import type { Responder } from '../responses/serialize';
import type { RouteDefinition } from '../routing/route-definitions';

/** A span the invoker started and ends: opaque to it. */
export type StartedSpan = { end(): void };

/** What the invoker asks of tracing (runtime/tracing/spans.ts), when `createApplication({ tracing: true })`. */
export interface InvokerTrace {
  /** The method, calling which makes a span (`handler PostsController.findOne`) that records what it throws. */
  handler<M extends (...args: never[]) => unknown>(definition: RouteDefinition, method: M): M;
  /** Starts the span of the route's input validation (undefined when the request is not traced), then ends it with the number of field errors. */
  validation(definition: RouteDefinition): { start(): StartedSpan | undefined; end(span: StartedSpan | undefined, errors: number): void };
  /** The response contract's responder, in a span of its own. */
  contract(definition: RouteDefinition, respond: Responder): Responder;
}
