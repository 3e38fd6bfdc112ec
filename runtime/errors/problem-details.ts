import type { RouteContext } from '../core/context';
import { reasonPhrase, type HttpError } from './http-error';
import { pathnameOf } from '../core/path';
import { json } from '../core/response';

export const PROBLEM_JSON = 'application/problem+json';

// Marks the formatter so the OpenAPI generator recognises it in any copy of the library (ESM and CJS builds).
const BRAND = Symbol.for('next-app-controllers.problemDetails');

/**
 * A ready `formatError` for RFC 9457 problem details: `content-type: application/problem+json` and
 * `{ type: 'about:blank', title, status, detail, instance }`, plus `errors` (the field errors) on a 422. `instance`
 * names this occurrence by the request's id (`urn:request-id:<X-Request-Id>`), or is the request's path outside an
 * application's dispatch.
 *
 *   createApplication({ controllers, formatError: problemDetails })
 */
export function problemDetails(error: HttpError, context: RouteContext): Response {
  const body: Record<string, unknown> = {
    type: 'about:blank',
    title: reasonPhrase(error.status),
    status: error.status,
    detail: error.message,
    instance: context.requestId ? `urn:request-id:${context.requestId}` : pathnameOf(context.request.url),
  };
  if (error.errors !== undefined) body.errors = error.errors;
  return json(body, { status: error.status, headers: withProblemType(error.headers) });
}
Object.defineProperty(problemDetails, BRAND, { value: true });

export function isProblemDetails(formatter: unknown): boolean {
  return typeof formatter === 'function' && (formatter as never)[BRAND] === true;
}

function withProblemType(headers: HeadersInit | undefined): HeadersInit {
  if (headers === undefined) return { 'content-type': PROBLEM_JSON };
  const merged = new Headers(headers);
  merged.set('content-type', PROBLEM_JSON);
  return merged;
}
