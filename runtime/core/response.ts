const JSON_TYPE = 'application/json';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** The `init` of `context.json(body, init)` and `context.text(body, init)` (a number is short for `{ status }`): the Response's status, headers and status text. */
export interface ResponseOptions {
  status?: number;
  headers?: HeadersInit;
  statusText?: string;
}

/**
 * Told each body a Response is built with, while an `@Idempotent` request runs (idempotency/idempotency.ts sets
 * `seen`): it stores that string rather than read the Response back. Unset, it costs one property read.
 */
export const built: { seen?(response: Response, body: string | null): void } = {};

/**
 * The one response builder: the Content-Type (none for an empty body), then `init.headers` over it. The body and
 * status go to the constructor and the headers are set on the Response it made: converting a `ResponseInit`
 * dictionary is a good part of what `new Response` costs on Node 20 (bench/builders), and a 200 without one skips it.
 */
export function buildResponse(body: string | null, contentType: string | undefined, init?: number | ResponseOptions): Response {
  const options = typeof init === 'number' ? undefined : init;
  const status = typeof init === 'number' ? init : (options?.status ?? 200);
  const statusText = options?.statusText;
  const response =
    status === 200 && statusText === undefined
      ? new Response(body)
      : new Response(NULL_BODY_STATUSES.has(status) ? null : body, statusText === undefined ? { status } : { status, statusText });
  const headers = response.headers;
  if (contentType !== undefined) headers.set('content-type', contentType);
  if (options?.headers !== undefined) setHeaders(headers, options.headers);
  built.seen?.(response, body);
  return response;
}

export function json(body: unknown, init?: number | ResponseOptions): Response {
  return buildResponse(body === undefined ? null : JSON.stringify(body), JSON_TYPE, init);
}

export function text(body: string, init?: number | ResponseOptions): Response {
  return buildResponse(body, TEXT_TYPE, init);
}

export function empty(status = 204, headers?: HeadersInit): Response {
  return buildResponse(null, undefined, { status, headers });
}

/** What a handler or middleware returned, as a Response: Responses pass through, `undefined` is 204. */
export function toResponse(value: unknown, status = 200): Response {
  if (value instanceof Response) return value;
  if (value === undefined) return empty();
  return json(value, status);
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** `extra` over what `headers` holds: a name it has replaces every value there, each of its values kept (Set-Cookie). */
function setHeaders(headers: Headers, extra: HeadersInit): void {
  const given = new Headers(extra);
  given.forEach((_, name) => headers.delete(name));
  given.forEach((value, name) => headers.append(name, value));
}
