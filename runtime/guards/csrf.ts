import type { Handler } from '../routing/compose';
import type { RouteContext } from '../core/context';
import type { ErrorResponder } from '../errors/error-handler';
import { clientError } from '../errors/client-error';
import type { RouteDefinition } from '../routing/route-definitions';

/** `createApplication({ csrf })`: who may post forms besides the app's own pages. */
export interface CsrfOptions {
  /** Origins allowed besides the app's own, as browsers send them: `'https://app.example.com'` (scheme, host, port). */
  origins?: readonly string[];
  /**
   * Take the first `X-Forwarded-Host` as the app's host as well as `Host`: behind a proxy that passes the public host
   * there and its own in `Host`. A browser cannot set the header on a request it sends without a CORS preflight.
   */
  trustForwardedHost?: boolean;
}

// What a browser sends to another site without a CORS preflight: a form (urlencoded or multipart), text/plain (a
// form's enctype too), `<a ping>`'s text/ping, or a body without a type (fetch's no-cors mode with a Blob).
const FORM_LIKE = /^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data|text\/plain|text\/ping)\s*(?:;|$)/i;

/**
 * The CSRF check, on by default (`csrf: false` turns it off). Only a POST needs it: it is the one unsafe method a page
 * of another site can send without a CORS preflight (PUT, PATCH and DELETE are preflighted, and the app's `cors()`
 * decides). A route taking a JSON `@Body` needs it neither: its form answer is the 415, before anything reads the
 * body. Gives, per route, the route's chain behind the check, or undefined when the route needs none.
 */
export function csrfCheck(options: CsrfOptions | false | undefined, fail: ErrorResponder): ((definition: RouteDefinition, run: Handler) => Handler | undefined) | undefined {
  if (options === false) return undefined;
  if (options !== undefined && !(typeof options === 'object' && (options.origins === undefined || (Array.isArray(options.origins) && options.origins.every((origin) => typeof origin === 'string'))))) {
    throw new TypeError("createApplication({ csrf }) takes false or { origins: ['https://app.example.com'], trustForwardedHost? }.");
  }
  const allowed = new Set((options?.origins ?? []).map((origin) => origin.toLowerCase()));
  const trustForwardedHost = options?.trustForwardedHost === true;
  return (definition, run) => {
    if ((definition.method !== 'POST' && definition.method !== 'ALL') || definition.body || definition.webhook) return undefined;
    return (context) => {
      const refused = refusal(context, allowed, trustForwardedHost);
      return refused === undefined ? run(context) : fail(clientError(403, refused), context);
    };
  };
}

/** Why the request is refused, or undefined when it may go on. */
function refusal({ request }: RouteContext, allowed: ReadonlySet<string>, trustForwardedHost: boolean): string | undefined {
  if (request.method !== 'POST') return undefined;
  const headers = request.headers;
  const type = headers.get('content-type');
  if (type !== null && !FORM_LIKE.test(type)) return undefined;
  const origin = headers.get('origin');
  const site = headers.get('sec-fetch-site');
  if (origin === null) {
    // No browser of the last five years posts without Origin; servers, curl and webhooks do, and carry no user's cookies.
    return site === 'cross-site' ? 'Cross-site POST refused: the browser marked it Sec-Fetch-Site: cross-site' : undefined;
  }
  const lower = origin.toLowerCase();
  if (allowed.has(lower)) return undefined;
  if (site !== 'cross-site' && sameHost(lower, headers, request.url, trustForwardedHost)) return undefined;
  return `Cross-site POST refused: Origin ${origin} is not this app's. List the origins you trust in createApplication({ csrf: { origins } })`;
}

/** Whether the origin's host (and port) is the request's `Host` (the URL's without one) or, trusted, `X-Forwarded-Host`. */
export function sameHost(origin: string, headers: Headers, url: string, trustForwardedHost: boolean): boolean {
  const start = origin.indexOf('://');
  // `null`: an opaque origin (a sandboxed frame, a redirect across sites), which no host is.
  if (start === -1) return false;
  const host = origin.slice(start + 3);
  const defaultPort = origin.startsWith('https:') ? ':443' : ':80';
  const same = (value: string | null | undefined) => {
    if (!value) return false;
    const candidate = value.trim().toLowerCase();
    return candidate === host || candidate === host + defaultPort;
  };
  if (same(headers.get('host') ?? new URL(url).host)) return true;
  return trustForwardedHost && same(headers.get('x-forwarded-host')?.split(',', 1)[0]);
}
