import { json, text, type ResponseOptions } from './response';

/**
 * What a handler gets for every parameter without a parameter decorator, and what middleware gets.
 * `params` holds the `:name` segments of the route, percent-decoded.
 */
export class RouteContext<Params extends Record<string, string> = Record<string, string>, State extends Record<string, unknown> = Record<string, unknown>> {
  readonly request: Request;
  readonly params: Params;
  /**
   * The request's id: the `X-Request-Id` of its answer, its error body's `requestId` (`instance` in problem details)
   * and its log line's. The incoming `X-Request-Id` when it is a sane token, else the trace's id when tracing is on,
   * else a new UUID-shaped id (a random prefix per process and a counter: unique, not secret); empty outside an application's dispatch.
   */
  get requestId(): string {
    const id = this.id;
    return typeof id === 'string' ? id : (this.id = id(this.request));
  }
  /** A per-request object for middleware to hand things to handlers (e.g. the signed-in user). */
  state: State = {} as State;
  private search: URLSearchParams | undefined;
  // The id, or what makes it on first read (`createApplication({ requestId: false })`: a successful answer that
  // nothing logs never needs one).
  private id: string | ((request: Request) => string);

  constructor(request: Request, params: Params, requestId: string | ((request: Request) => string) = '') {
    this.request = request;
    this.params = params;
    this.id = requestId;
  }

  /** The query string, parsed on first use. */
  get query(): URLSearchParams {
    if (this.search === undefined) {
      const url = this.request.url;
      const start = url.indexOf('?');
      const end = url.indexOf('#', start);
      this.search = new URLSearchParams(start === -1 ? '' : url.slice(start + 1, end === -1 ? undefined : end));
    }
    return this.search;
  }

  /** A JSON response; `init` is a status or `{ status, headers }`. */
  json(body: unknown, init?: number | ResponseOptions): Response {
    return json(body, init);
  }

  /** A plain-text response. */
  text(body: string, init?: number | ResponseOptions): Response {
    return text(body, init);
  }
}
