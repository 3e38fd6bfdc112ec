import type { RouteContext } from '../core/context';

/** One Server-Sent Event with its optional fields; `data` is sent as JSON. */
export interface SseEvent<T = unknown> {
  data: T;
  event?: string;
  id?: string;
  /** Milliseconds the client waits before reconnecting. */
  retry?: number;
}

type ErrorAnswer = (error: unknown, context: RouteContext) => Response | Promise<Response>;

const HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' };
const EVENT_KEYS = new Set(['data', 'event', 'id', 'retry']);
const encoder = new TextEncoder();
const KEEP_ALIVE = encoder.encode(': keep-alive\n\n');

/**
 * The method's AsyncIterable as a `text/event-stream`. The iterator starts with the first read of the body (a HEAD,
 * whose body is cancelled unread, never starts it). It is ended with `return()` when the body is cancelled (the client
 * went away) or `request.signal` aborts; a throw while streaming becomes an `event: error` carrying the application's
 * error body for it (`formatError`; `onError` hears of unexpected errors), and the stream ends.
 */
export function sseResponse(value: unknown, context: RouteContext, keepAlive: number, fail: ErrorAnswer): Response {
  if (value instanceof Response) return value;
  const iterable = value as AsyncIterable<unknown> | null | undefined;
  if (typeof iterable?.[Symbol.asyncIterator] !== 'function') {
    throw new TypeError(`An @Sse() route must return an AsyncIterable (e.g. from an async function*), got ${value === null ? 'null' : typeof value}.`);
  }
  const iterator = iterable[Symbol.asyncIterator]();
  const signal = context.request.signal;
  let timer: ReturnType<typeof setInterval> | undefined;
  let ended = false;
  let stream: ReadableStreamDefaultController<Uint8Array>;

  const end = (): boolean => {
    if (ended) return false;
    ended = true;
    clearInterval(timer);
    signal.removeEventListener('abort', abort);
    return true;
  };
  // The client is gone: the iterator's `finally` runs (at its pending `yield`, if it is between two), errors unheard.
  const stop = () => {
    if (end()) void Promise.resolve().then(() => iterator.return?.()).catch(() => {});
  };
  const abort = () => {
    stop();
    try {
      stream.close();
    } catch {
      // already closed
    }
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stream = controller;
      },
      async pull(controller) {
        if (ended) return;
        if (timer === undefined) {
          if (signal.aborted) return abort();
          signal.addEventListener('abort', abort);
          if (keepAlive > 0) {
            timer = setInterval(() => controller.enqueue(KEEP_ALIVE), keepAlive);
            (timer as { unref?: () => void }).unref?.();
          }
        }
        let chunk: string;
        try {
          const result = await iterator.next();
          if (ended) return;
          if (result.done) {
            end();
            return controller.close();
          }
          chunk = formatEvent(result.value);
        } catch (error) {
          if (ended) return;
          end();
          chunk = await errorEvent(error, context, fail);
          controller.enqueue(encoder.encode(chunk));
          return controller.close();
        }
        controller.enqueue(encoder.encode(chunk));
      },
      cancel: stop,
    },
    // Nothing is pulled before the body is read: a HEAD never starts the iterator.
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: HEADERS });
}

/** One value as an event: `{ data, event?, id?, retry? }` gives its fields, anything else is the data. */
export function formatEvent(value: unknown): string {
  if (!isEvent(value)) return `data: ${JSON.stringify(value) ?? 'null'}\n\n`;
  let text = '';
  if (value.event !== undefined) text += `event: ${field('event', value.event)}\n`;
  if (value.id !== undefined) text += `id: ${field('id', value.id)}\n`;
  if (value.retry !== undefined) {
    if (!Number.isInteger(value.retry) || value.retry < 0) throw new TypeError(`An SSE event's retry must be a whole number of milliseconds, got ${String(value.retry)}.`);
    text += `retry: ${value.retry}\n`;
  }
  return `${text}data: ${JSON.stringify(value.data) ?? 'null'}\n\n`;
}

function isEvent(value: unknown): value is SseEvent {
  if (typeof value !== 'object' || value === null || !('data' in value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.keys(value).every((key) => EVENT_KEYS.has(key));
}

// A line break would end the field early and let the rest forge other fields or events.
function field(name: string, value: unknown): string {
  if (typeof value !== 'string' || /[\r\n\0]/.test(value)) throw new TypeError(`An SSE event's ${name} must be a string without line breaks, got ${JSON.stringify(value)}.`);
  return value;
}

async function errorEvent(error: unknown, context: RouteContext, fail: ErrorAnswer): Promise<string> {
  const text = await (await fail(error, context)).text();
  return `event: error\n${text.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`).join('')}\n`;
}
