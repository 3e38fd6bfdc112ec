// Every answer of the application carries X-Request-Id, the id its error body and its log line name too.

/** At most 128 of `A-Z a-z 0-9 . _ : -`: an id a client or a proxy sent that is safe to echo and to log. */
const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the incoming `X-Request-Id` when it is a sane token, else `traceId()` (the trace's id when
 * tracing is on, so that a log line, an error body and a trace share one id), else a new UUID.
 */
export function requestIdOf(request: Request, traceId?: () => string | undefined): string {
  const incoming = request.headers.get('x-request-id');
  if (incoming !== null && SANE.test(incoming)) return incoming;
  return traceId?.() ?? crypto.randomUUID();
}

/** `response` with `X-Request-Id: id`; a copy when its headers are immutable (a fetch() answer, Response.redirect()). */
export function withRequestId(response: Response, id: string): Response {
  try {
    response.headers.set('x-request-id', id);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('x-request-id', id);
    return copy;
  }
}
