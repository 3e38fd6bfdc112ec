const JSON_TYPE = 'application/json';
const JSON_HEADERS = { 'content-type': JSON_TYPE };
const TEXT_HEADERS = { 'content-type': 'text/plain; charset=utf-8' };

export interface ResponseOptions {
  status?: number;
  headers?: HeadersInit;
  statusText?: string;
}

/**
 * The one response builder: sets the default Content-Type first so `init.headers` can override it.
 * `new Response(string, init)` measured about 10% cheaper than `Response.json` on Node 20 (bench/builders).
 */
export function buildResponse(body: string | null, defaults: Record<string, string>, init?: number | ResponseOptions): Response {
  const options = typeof init === 'number' ? { status: init } : init;
  const status = options?.status ?? 200;
  const headers = options?.headers === undefined ? defaults : mergeHeaders(defaults, options.headers);
  return new Response(NULL_BODY_STATUSES.has(status) ? null : body, { status, statusText: options?.statusText, headers });
}

export function json(body: unknown, init?: number | ResponseOptions): Response {
  return buildResponse(body === undefined ? null : JSON.stringify(body), JSON_HEADERS, init);
}

export function text(body: string, init?: number | ResponseOptions): Response {
  return buildResponse(body, TEXT_HEADERS, init);
}

export function empty(status = 204, headers?: HeadersInit): Response {
  return buildResponse(null, {}, { status, headers });
}

/** What a handler or middleware returned, as a Response: Responses pass through, `undefined` is 204. */
export function toResponse(value: unknown, status = 200): Response {
  if (value instanceof Response) return value;
  if (value === undefined) return empty();
  return json(value, status);
}

/** The same response without a body, for HEAD. */
export function withoutBody(response: Response): Response {
  if (response.body === null) return response;
  void response.body.cancel().catch(() => {});
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function mergeHeaders(defaults: Record<string, string>, extra: HeadersInit): Headers {
  const headers = new Headers(defaults);
  new Headers(extra).forEach((value, name) => headers.set(name, value));
  return headers;
}
