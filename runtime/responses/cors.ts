import type { RouteContext } from '../core/context';
import { lazy } from '../core/lazy';
import type { CorsSettings } from './cors-answer';
import type { Middleware } from '../types';

/** The options of {@link cors}: the origins that may call the API, and the CORS headers of preflight and actual responses. */
export interface CorsOptions {
  /**
   * Origins allowed to call the API: one (`'https://app.example.com'`), a list, `'*'` for any, or a function that
   * decides per request's `Origin`. Default `'*'`.
   */
  origin?: string | readonly string[] | ((origin: string) => boolean);
  /** Sends `Access-Control-Allow-Credentials: true`, so the browser may send cookies. Not with `origin: '*'`. */
  credentials?: boolean;
  /** `Access-Control-Allow-Methods` of a preflight answer. Default GET, HEAD, PUT, PATCH, POST, DELETE. */
  methods?: readonly string[];
  /** `Access-Control-Allow-Headers` of a preflight answer. Default: the headers the preflight asks for. */
  allowHeaders?: readonly string[];
  /** `Access-Control-Expose-Headers` of actual responses: the headers a page's script may read. Default none. */
  exposeHeaders?: readonly string[];
  /** `Access-Control-Max-Age` of a preflight answer, in seconds: how long the browser may reuse it. Default 600. */
  maxAge?: number;
}

const DEFAULT_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'];

// The app answers a preflight to a route without an @Options handler by itself; it runs the route's `@Use(cors())`
// middleware around that answer (and none of its other middleware: a preflight carries no credentials).
const corsMiddleware = new WeakSet<Middleware>();

export function isCorsMiddleware(middleware: Middleware): boolean {
  return corsMiddleware.has(middleware);
}

// The headers are set by a chunk of their own (./cors-answer), loaded when `cors()` is first called, so that its first
// cross-origin request does not wait for it; importing the library stays small. A request without `Origin` never
// needs it.
const answers = lazy(() => import('./cors-answer'));

/**
 * CORS as middleware, for `app.use(cors(...))` (every route, unmatched ones too) or `@Use(cors(...))`. A preflight
 * (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) is answered 204 here; an actual request gets its
 * `Access-Control-Allow-Origin` on whatever the rest of the chain answers, errors included. A request from an origin
 * that is not allowed gets no CORS headers, so the browser refuses it.
 */
export function cors(options: CorsOptions = {}): Middleware {
  const allows = originMatcher(options.origin ?? '*');
  const anyOrigin = options.origin === undefined || options.origin === '*';
  if (anyOrigin && options.credentials) {
    throw new TypeError("cors({ origin: '*', credentials: true }) is refused by browsers: list the allowed origins, or pass a function that checks them.");
  }
  const maxAge = options.maxAge ?? 600;
  if (!Number.isInteger(maxAge) || maxAge < 0) throw new RangeError(`cors({ maxAge }) takes whole seconds, 0 or more, got ${maxAge}.`);
  const settings: CorsSettings = {
    allows,
    anyOrigin,
    credentials: options.credentials,
    methods: (options.methods ?? DEFAULT_METHODS).join(', '),
    allowHeaders: options.allowHeaders?.join(', '),
    exposeHeaders: options.exposeHeaders?.length ? options.exposeHeaders.join(', ') : undefined,
    maxAge,
  };
  // A failure is reported by the request that awaits it.
  answers.load().catch(() => {});

  const middleware: Middleware = async (context: RouteContext, next) => {
    const origin = context.request.headers.get('origin');
    if (origin === null) return next();
    return (answers.value ?? (await answers.load())).corsAnswer(settings, origin, context, next);
  };
  corsMiddleware.add(middleware);
  return middleware;
}

function originMatcher(origin: NonNullable<CorsOptions['origin']>): (origin: string) => boolean {
  if (typeof origin === 'function') return (value) => origin(value) === true;
  if (origin === '*') return () => true;
  if (typeof origin === 'string') return (value) => value === origin;
  if (Array.isArray(origin) && origin.every((entry) => typeof entry === 'string')) {
    const set = new Set(origin);
    return (value) => set.has(value);
  }
  throw new TypeError(`cors({ origin }) takes a string, a list of strings, '*' or (origin) => boolean, got ${JSON.stringify(origin)}.`);
}
