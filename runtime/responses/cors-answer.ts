import type { RouteContext } from '../core/context';
import { empty } from '../core/response';

/** `cors(options)`, checked and prepared once by `cors()` (runtime/responses/cors.ts). */
export interface CorsSettings {
  allows: (origin: string) => boolean;
  anyOrigin: boolean;
  credentials?: boolean;
  methods: string;
  allowHeaders?: string;
  exposeHeaders?: string;
  maxAge: number;
}

/**
 * The CORS answer to a request that carries an `Origin`: a preflight (`OPTIONS` with `Access-Control-Request-Method`)
 * is answered 204 here; an actual request gets its `Access-Control-Allow-Origin` on whatever the rest of the chain
 * answers. A chunk of its own, loaded by `cors()`: requests without `Origin` never need it.
 */
export async function corsAnswer(settings: CorsSettings, origin: string, context: RouteContext, next: () => Promise<Response>): Promise<Response> {
  const { headers, method } = context.request;
  const allowed = !settings.allows(origin) ? undefined : settings.anyOrigin ? '*' : origin;
  const requestedMethod = headers.get('access-control-request-method');
  if (method === 'OPTIONS' && requestedMethod !== null) {
    const answer = new Headers({ vary: 'Origin' });
    if (allowed !== undefined) {
      answer.set('access-control-allow-origin', allowed);
      if (settings.credentials) answer.set('access-control-allow-credentials', 'true');
      answer.set('access-control-allow-methods', settings.methods);
      const requestedHeaders = settings.allowHeaders ?? headers.get('access-control-request-headers');
      if (requestedHeaders) answer.set('access-control-allow-headers', requestedHeaders);
      answer.set('access-control-max-age', String(settings.maxAge));
      answer.append('vary', 'Access-Control-Request-Headers');
    }
    return empty(204, answer);
  }
  const response = await next();
  const extra: [string, string][] = [];
  if (allowed !== undefined) {
    extra.push(['access-control-allow-origin', allowed]);
    if (settings.credentials) extra.push(['access-control-allow-credentials', 'true']);
    if (settings.exposeHeaders) extra.push(['access-control-expose-headers', settings.exposeHeaders]);
  }
  return withHeaders(response, extra);
}

/** The response with CORS headers set and `Vary: Origin` added; a response with immutable headers is copied. */
function withHeaders(response: Response, extra: readonly [string, string][]): Response {
  let target = response;
  try {
    apply(target.headers, extra);
  } catch {
    // Headers of a fetch() or Response.redirect() answer are immutable.
    target = new Response(response.body, response);
    apply(target.headers, extra);
  }
  return target;
}

function apply(headers: Headers, extra: readonly [string, string][]): void {
  for (const [name, value] of extra) headers.set(name, value);
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Origin');
  else if (!/(^|,)\s*(origin|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, Origin`);
}
