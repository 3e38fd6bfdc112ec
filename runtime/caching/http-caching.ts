import type { Handler } from '../routing/compose';
import type { RouteContext } from '../core/context';
import { findClassRecord, type ProductionRecord } from '../metadata/records';
import { isBinaryBody } from '../responses/bytes';
import type { RouteResponder } from '../responses/route-responder';
import type { RouteDefinition } from '../routing/route-definitions';
import { cacheControlValue } from '../metadata/cache-control';

export interface HttpCaching {
  cacheControl(definition: RouteDefinition, run: Handler): Handler;
  etag(definition: RouteDefinition, send: RouteResponder): RouteResponder;
}

/**
 * HTTP caching of GET routes (a chunk, loaded by the dispatcher of an application that uses it): `@CacheControl`'s
 * header on their 2xx and 304 answers, and with `@ETag` (or `createApplication({ etag: true })`) a strong ETag of the
 * body and 304 Not Modified for a matching `If-None-Match`, for GET and HEAD.
 */
export function httpCaching(etagByDefault: boolean): HttpCaching {
  return {
    /** The route's chain with `Cache-Control` set on its GET and HEAD answers (2xx, 304) that have none of their own. */
    cacheControl(definition: RouteDefinition, run: Handler): Handler {
      if (definition.cacheControl === undefined || !isGetRoute(definition, 'CacheControl', 'cacheControl')) return run;
      const where = `${definition.controller.name}.${definition.propertyKey}`;
      const value = cacheControlValue(definition.cacheControl, where);
      const mark = (response: Response) =>
        (response.status < 300 || response.status === 304) && !response.headers.has('cache-control') ? withHeader(response, 'cache-control', value) : response;
      return (context) => {
        if (!isGetOrHead(context)) return run(context);
        const answer = run(context);
        return answer instanceof Response ? mark(answer) : answer.then(mark);
      };
    },

    /**
     * The route's responder with ETags, where they are on: only for what the method returns as a value (JSON, or a string
     * under `@Produces`), never for a Response it builds, bytes, a stream, a download or `@Sse` events.
     */
    etag(definition: RouteDefinition, send: RouteResponder): RouteResponder {
      if (!(definition.etag ?? etagByDefault) || !isGetRoute(definition, 'ETag', 'etag') || definition.sse) return send;
      return (value, context) => {
        const sent = send(value, context);
        if (!isGetOrHead(context) || value === undefined || value instanceof Response || isBinaryBody(value)) return sent;
        return sent instanceof Response ? withETag(sent, context.request) : sent.then((response) => withETag(response, context.request));
      };
    },
  };
}

/**
 * Whether the route answers GET. A controller's decorator applies to its GET routes only; on the method of another
 * route it is a mistake, said when the dispatcher is built.
 */
function isGetRoute(definition: RouteDefinition, decorator: string, key: keyof ProductionRecord): boolean {
  const { method, controller, propertyKey } = definition;
  if (method === 'GET' || method === 'ALL') return true;
  if (findClassRecord(controller)?.methods.get(propertyKey)?.[key] !== undefined) {
    throw new TypeError(`${controller.name}.${propertyKey}: @${decorator} is for GET routes, and this is a ${method} route.`);
  }
  return false;
}

function isGetOrHead({ request: { method } }: RouteContext): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** A 200 with a strong ETag of its bytes (SHA-1, base64url), or 304 Not Modified when `If-None-Match` names it. */
async function withETag(response: Response, request: Request): Promise<Response> {
  if (response.status !== 200 || response.body === null || response.headers.has('etag')) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const tag = `"${base64url(new Uint8Array(await crypto.subtle.digest('SHA-1', bytes)))}"`;
  const headers = new Headers(response.headers);
  headers.set('etag', tag);
  if (matches(request.headers.get('if-none-match'), tag)) {
    // RFC 9110 15.4.5: a 304 has no content, and carries the validators and caching fields a 200 would.
    headers.delete('content-type');
    headers.delete('content-length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(bytes, { status: 200, statusText: response.statusText, headers });
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): `*`, or any listed tag with the same opaque value, W/ or not. */
function matches(header: string | null, tag: string): boolean {
  if (header === null) return false;
  return header.split(',').some((entry) => {
    const candidate = entry.trim();
    return candidate === '*' || (candidate.startsWith('W/') ? candidate.slice(2) : candidate) === tag;
  });
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}
