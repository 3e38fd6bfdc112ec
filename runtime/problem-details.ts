import type { RouteContext } from './context';
import { FIELD_ERRORS_SCHEMA, reasonPhrase, type HttpError } from './http-error';
import { pathnameOf } from './path';
import { json } from './response';

export const PROBLEM_JSON = 'application/problem+json';

// Marks the formatter so the OpenAPI generator recognises it in any copy of the library (ESM and CJS builds).
const BRAND = Symbol.for('next-app-controllers.problemDetails');

/**
 * A ready `formatError` for RFC 9457 problem details: `content-type: application/problem+json` and
 * `{ type: 'about:blank', title, status, detail, instance }`, plus `errors` (the field errors) on a 422.
 *
 *   createApplication({ controllers, formatError: problemDetails })
 */
export function problemDetails(error: HttpError, context: RouteContext): Response {
  const body: Record<string, unknown> = {
    type: 'about:blank',
    title: reasonPhrase(error.status),
    status: error.status,
    detail: error.message,
    instance: pathnameOf(context.request.url),
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

/** JSON schemas of problem details: every error, and the 422 with its field errors. */
export const PROBLEM_DETAILS_SCHEMAS = {
  error: {
    type: 'object',
    description: 'RFC 9457 problem details: the body of every error response.',
    required: ['type', 'title', 'status', 'detail', 'instance'],
    properties: {
      type: { type: 'string', const: 'about:blank' },
      title: { type: 'string', description: 'The reason phrase of the status.' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: { type: 'string' },
      instance: { type: 'string', description: 'The request path.' },
    },
  },
  validation: {
    type: 'object',
    description: 'RFC 9457 problem details of a @Body that failed validation; the handler did not run.',
    required: ['type', 'title', 'status', 'detail', 'instance', 'errors'],
    properties: {
      type: { type: 'string', const: 'about:blank' },
      title: { type: 'string', const: 'Unprocessable Content' },
      status: { type: 'integer', const: 422 },
      detail: { type: 'string', const: 'Validation failed' },
      instance: { type: 'string' },
      errors: FIELD_ERRORS_SCHEMA,
    },
  },
};
