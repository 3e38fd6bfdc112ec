import type { Handler } from '../routing/compose';
import type { RouteContext } from '../core/context';
import type { ErrorResponder } from '../errors/error-handler';
import { clientError } from '../errors/client-error';
import { clientAddress } from '../guards/client-address';
import { sameHost, type CsrfOptions } from '../guards/csrf';
import type { ApplicationRateLimitOptions } from '../metadata/limits';
import { checkRateLimit, countStore, type RateLimitSettings } from '../guards/rate-limit';
import type { RouteDefinition } from '../routing/route-definitions';
import { challenge, credentialOf, fromCookie } from './credentials';
import { handed } from './handed';
import { authenticate } from '../metadata/authenticated';
import type { ApplicationAuthOptions, AuthScheme } from '../metadata/auth-schemes';
import { verifiers, type Verification } from './verify';

/** What the authentication step reads of the application. */
export interface AuthSettings {
  auth?: ApplicationAuthOptions;
  csrf?: false | CsrfOptions;
  rateLimit?: ApplicationRateLimitOptions;
  /** The application's store: failed authentications are counted there unless `rateLimit.store` names another. */
  store?: RateLimitSettings['store'];
  routes: readonly { definition: RouteDefinition }[];
}

/** Per route, its chain behind authentication and authorization, or undefined for a route without `@Auth`. */
export type Authenticate = (definition: RouteDefinition, run: Handler) => Handler | undefined;

const DEFAULT_FAILURES = { limit: 20, window: 60_000 };
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The authentication step (a chunk, loaded by the dispatcher of an application whose routes use `@Auth` or a
 * `default`), right after the global middleware: the first scheme whose credential the request carries decides (a
 * present but invalid one is a 401 at once, with a challenge per scheme of the route); then, for a principal from a
 * cookie, the cross-site check of unsafe methods; then scopes, roles and the policy (403). Only then the route's
 * middleware, rate limits, caching and its inputs: nothing reads the body of a request refused here.
 */
export async function loadAuthenticator(settings: AuthSettings): Promise<(fail: ErrorResponder) => Authenticate> {
  const schemes = [...new Set(settings.routes.flatMap(({ definition }) => (definition.auth ? definition.auth.schemes : [])))];
  for (const { definition } of settings.routes) {
    const cache = definition.cacheControl;
    if (definition.auth && (typeof cache === 'object' ? cache.public || cache.sMaxAge !== undefined : /public|s-maxage/.test(cache ?? ''))) {
      throw new TypeError(`${definition.controller.name}.${definition.propertyKey} needs authentication: its @CacheControl cannot be public or s-maxage (a shared cache would give one user's answer to another).`);
    }
  }
  const verifying = await verifiers(schemes);
  const failures = settings.auth?.failures === false ? undefined : (settings.auth?.failures ?? DEFAULT_FAILURES);
  if (failures) checkRateLimit(failures, 'createApplication({ auth: { failures } })');
  const store = failures && countStore(settings.rateLimit?.store, settings.store);
  const csrf = settings.csrf === false ? undefined : (settings.csrf ?? {});
  const allowed = new Set((csrf?.origins ?? []).map((origin) => origin.toLowerCase()));
  // Addresses over the failure limit, until when: refused before anything is verified.
  const blocked = new Map<string, number>();

  return (fail) => {
    const tooMany = (context: RouteContext, until: number) => {
      const seconds = String(Math.max(1, Math.ceil((until - Date.now()) / 1000)));
      return fail(clientError(429, `Too many failed authentications: try again in ${seconds} s`, { headers: { 'retry-after': seconds } }), context);
    };
    /** Counts a failed authentication: a 429 once the address is over the limit, else undefined. */
    const failed = async (context: RouteContext): Promise<Response | undefined> => {
      if (!failures || !store) return undefined;
      const address = clientAddress(context);
      try {
        const [{ count, reset }] = await store.hit([{ key: `{${address}}:auth-failures`, window: failures.window }]);
        if (count <= failures.limit) return undefined;
        if (blocked.size > 10_000) blocked.clear();
        blocked.set(address, Date.now() + reset);
        return tooMany(context, Date.now() + reset);
      } catch {
        // A store that fails lets the 401 through (fail open, as the rate limits do).
        return undefined;
      }
    };

    return (definition, run) => {
      const auth = definition.auth;
      if (!auth) return undefined;
      const { schemes: accepted, scopes, roles, policy, optional } = auth;
      const challenges = (sent?: AuthScheme) => accepted.map((scheme) => challenge(scheme, scheme === sent)).join(', ');
      const unauthorized = (context: RouteContext, sent?: AuthScheme) =>
        fail(clientError(401, sent ? 'The credential is not valid' : 'Authentication required', { headers: { 'www-authenticate': challenges(sent) } }), context);
      const forbidden = (context: RouteContext, message: string, headers?: Record<string, string>) => fail(clientError(403, message, { headers }), context);

      const authorize = async (context: RouteContext, found: Verification): Promise<Response> => {
        const { request } = context;
        if (csrf !== undefined && fromCookie(found.scheme) && !SAFE.has(request.method) && crossSite(request, allowed, csrf.trustForwardedHost === true)) {
          return forbidden(context, `Cross-site ${request.method} refused: a session cookie is not enough for it`);
        }
        if (scopes?.length && !scopes.every((scope) => found.scopes.includes(scope))) {
          const headers = found.scheme.type === 'bearer' ? { 'www-authenticate': `${challengeWord(found.scheme)} error="insufficient_scope", scope="${scopes.join(' ')}"` } : undefined;
          return forbidden(context, `Needs the scopes ${scopes.join(', ')}`, headers);
        }
        if (roles?.length && !roles.some((role) => found.roles.includes(role))) return forbidden(context, `Needs one of the roles ${roles.join(', ')}`);
        if (policy && !(await policy(found.principal, context))) return forbidden(context, 'Not allowed');
        const response = await run(context);
        return request.method === 'GET' && definition.cacheControl === undefined && !response.headers.has('cache-control') ? withHeader(response, 'cache-control', 'private') : response;
      };

      const guard: Handler = async (context) => {
        const { request } = context;
        // A CORS preflight carries no credentials.
        if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) return run(context);
        const given = handed.get(request);
        if (given && accepted.includes(given.scheme)) {
          authenticate(context, given);
          return authorize(context, given);
        }
        for (const scheme of accepted) {
          const credential = credentialOf(scheme, context);
          if (credential === undefined) continue;
          // Read the client's address only while some address is blocked: most requests never need it.
          const until = blocked.size ? blocked.get(clientAddress(context)) : undefined;
          if (until !== undefined) {
            if (until > Date.now()) return tooMany(context, until);
            blocked.delete(clientAddress(context));
          }
          let found: Verification | undefined;
          try {
            found = await verifying.get(scheme)!(credential, context);
          } catch (error) {
            return fail(error, context);
          }
          if (found === undefined) return (await failed(context)) ?? unauthorized(context, scheme);
          authenticate(context, found);
          return authorize(context, found);
        }
        return optional ? run(context) : unauthorized(context);
      };
      // An answer that depends on who asks, to a request that may come without a credential: caches keep one per caller.
      return optional ? async (context) => withHeader(await guard(context), 'vary', 'Authorization, Cookie') : guard;
    };
  };
}

function challengeWord(scheme: AuthScheme): string {
  return (scheme.options as { prefix?: string }).prefix ?? 'Bearer';
}

/** Whether a browser sent the request from a page of another site (no Origin: not a browser's, or a same-origin GET). */
function crossSite(request: Request, allowed: ReadonlySet<string>, trustForwardedHost: boolean): boolean {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if (origin === null) return site === 'cross-site' || site === 'same-site';
  const lower = origin.toLowerCase();
  return !allowed.has(lower) && (site === 'cross-site' || !sameHost(lower, request.headers, request.url, trustForwardedHost));
}

function withHeader(response: Response, name: string, value: string): Response {
  const add = (target: Response) => {
    if (name === 'vary') target.headers.append(name, value);
    else target.headers.set(name, value);
    return target;
  };
  try {
    return add(response);
  } catch {
    // Headers of a fetch() or Response.redirect() answer are immutable.
    return add(new Response(response.body, response));
  }
}
