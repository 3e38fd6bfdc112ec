import { HttpError, reasonPhrase, type FieldError } from '../../errors/http-error';
import { defaultErrorBody } from '../../errors/error-handler';
import { isProblemDetails, PROBLEM_JSON } from '../../errors/problem-details';
import type { DocumentedApplication } from '../registry';
import { DEFAULT_ERROR_SCHEMAS, PROBLEM_DETAILS_SCHEMAS } from './error-schemas';
import type { HeaderObject, ReferenceObject, ResponseObject, SchemaObject } from '../types';

/** How an application's errors look: the default body, RFC 9457 problem details, or its own `formatError`. */
export type ErrorFormatKind = 'default' | 'problem-details' | 'custom';

export function errorFormatKind(application: DocumentedApplication): ErrorFormatKind {
  if (application.formatError === undefined) return 'default';
  return isProblemDetails(application.formatError) ? 'problem-details' : 'custom';
}

/** The component names each format's schemas are documented under. */
const SCHEMA_NAMES: Record<ErrorFormatKind, { error: string; validation: string }> = {
  default: { error: 'ErrorResponse', validation: 'ValidationError' },
  'problem-details': { error: 'ProblemDetails', validation: 'ValidationProblemDetails' },
  custom: { error: 'ErrorResponse', validation: 'ErrorResponse' },
};

/** The `$ref` of the error schema an `@ApiResponse({ status: 4xx/5xx })` without a type refers to. */
export function errorSchemaRef(kind: ErrorFormatKind, status: number): SchemaObject {
  const names = SCHEMA_NAMES[kind];
  return { $ref: `#/components/schemas/${status === 422 ? names.validation : names.error}` };
}

export function errorMediaType(kind: ErrorFormatKind): string {
  return kind === 'problem-details' ? PROBLEM_JSON : 'application/json';
}

/** The error answers the library gives by itself, documented once in components.responses and referred to by status. */
const SHARED = [
  { status: 400, name: 'BadRequest', message: 'Request body is not valid JSON' },
  { status: 404, name: 'NotFound', message: 'Not Found' },
  { status: 413, name: 'ContentTooLarge', message: 'Request body is larger than the limit of 1048576 bytes' },
  { status: 415, name: 'UnsupportedMediaType', message: 'Expected a JSON body: send it with Content-Type: application/json' },
  { status: 422, name: 'ValidationFailed', message: 'Validation failed' },
  { status: 500, name: 'InternalServerError', message: 'Internal Server Error' },
] as const;

export type SharedErrorStatus = (typeof SHARED)[number]['status'];

export const SHARED_ERROR_REFS = Object.fromEntries(
  SHARED.map(({ status, name }) => [status, { $ref: `#/components/responses/${name}` }]),
) as Record<SharedErrorStatus, ReferenceObject>;

const EXAMPLE_FIELD_ERRORS: FieldError[] = [{ field: 'title', message: 'title should not be empty', in: 'body' }];

/**
 * components.schemas and components.responses for the error format of the documented applications. `custom` uses the
 * schema given to generateOpenApiDocument (`errorSchema`), else a permissive object, and shows no examples.
 */
export function errorComponents(kind: ErrorFormatKind, customSchema: SchemaObject | undefined) {
  const names = SCHEMA_NAMES[kind];
  const schemas: Record<string, SchemaObject> =
    kind === 'default'
      ? { [names.error]: DEFAULT_ERROR_SCHEMAS.error, [names.validation]: DEFAULT_ERROR_SCHEMAS.validation }
      : kind === 'problem-details'
        ? { [names.error]: PROBLEM_DETAILS_SCHEMAS.error, [names.validation]: PROBLEM_DETAILS_SCHEMAS.validation }
        : { [names.error]: customSchema ?? { type: 'object', description: "The body of every error response, as the application's formatError makes it." } };
  const responses: Record<string, ResponseObject> = {};
  for (const { status, name, message } of SHARED) {
    const error = new HttpError(status, message, status === 422 ? { errors: EXAMPLE_FIELD_ERRORS } : undefined);
    const media: ResponseObject['content'] = { [errorMediaType(kind)]: { schema: errorSchemaRef(kind, status) } };
    // Each with an example: generated from the shared schema alone, Swagger UI would show `"statusCode": 400` for a 404.
    if (kind !== 'custom') media[errorMediaType(kind)].example = kind === 'default' ? defaultErrorBody(error) : problemExample(error);
    responses[name] = { description: status === 422 ? 'Validation failed' : reasonPhrase(status), content: media };
  }
  return { schemas, responses };
}

function problemExample(error: HttpError): Record<string, unknown> {
  const example: Record<string, unknown> = { type: 'about:blank', title: reasonPhrase(error.status), status: error.status, detail: error.message, instance: '/api/posts' };
  if (error.errors) example.errors = error.errors;
  return example;
}

/** The one error format of the documented applications; documenting two formats in one document is refused. */
export function commonErrorFormat(applications: readonly DocumentedApplication[]): ErrorFormatKind {
  const kinds = [...new Set(applications.map(errorFormatKind))];
  if (kinds.length > 1) {
    throw new Error(
      `generateOpenApiDocument: the documented applications answer errors in different formats (${kinds.join(', ')}), and one ` +
        'document describes one format. Document each application on its own: generateOpenApiDocument({ title, applications: [app] }).',
    );
  }
  return kinds[0] ?? 'default';
}

/** The headers a limited or cached route sends, documented once in components.headers and referred to by name. */
export const HEADERS = {
  RetryAfter: { description: 'Seconds to wait before sending the request again.', schema: { type: 'integer', minimum: 1 } },
  RateLimitPolicy: {
    description: 'The quotas the route counts against (draft-ietf-httpapi-ratelimit-headers): `"route";q=5;w=60` is 5 requests a 60 s window.',
    schema: { type: 'string', examples: ['"route";q=5;w=60'] },
  },
  RateLimit: {
    description: 'What is left of each quota, and the seconds until its window ends: `"route";r=4;t=60`.',
    schema: { type: 'string', examples: ['"route";r=4;t=60'] },
  },
  ETag: { description: 'A strong validator of the body: send it back in If-None-Match to get a 304 while it has not changed.', schema: { type: 'string' } },
} satisfies Record<string, HeaderObject>;

export const HEADER_REFS = Object.fromEntries(Object.keys(HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }])) as Record<
  keyof typeof HEADERS,
  ReferenceObject
>;

export const TOO_MANY_REQUESTS_REF: ReferenceObject = { $ref: '#/components/responses/TooManyRequests' };
export const CROSS_SITE_REFUSED_REF: ReferenceObject = { $ref: '#/components/responses/CrossSiteRefused' };

/** components.responses.CrossSiteRefused: the 403 of the CSRF check, in the application's error format. */
export function crossSiteRefused(kind: ErrorFormatKind): ResponseObject {
  const media: ResponseObject['content'] = { [errorMediaType(kind)]: { schema: errorSchemaRef(kind, 403) } };
  const error = new HttpError(403, "Cross-site POST refused: Origin https://evil.example is not this app's. List the origins you trust in createApplication({ csrf: { origins } })");
  if (kind !== 'custom') media[errorMediaType(kind)].example = kind === 'default' ? defaultErrorBody(error) : problemExample(error);
  return { description: "Forbidden: a form posted from a page on another site (its Origin is not this app's)", content: media };
}

/** components.responses.TooManyRequests: the 429 of a rate limit, in the application's error format, with its headers. */
export function tooManyRequests(kind: ErrorFormatKind): ResponseObject {
  const media: ResponseObject['content'] = { [errorMediaType(kind)]: { schema: errorSchemaRef(kind, 429) } };
  const error = new HttpError(429, 'Too many requests: try again in 42 s');
  if (kind !== 'custom') media[errorMediaType(kind)].example = kind === 'default' ? defaultErrorBody(error) : problemExample(error);
  return {
    description: 'Too Many Requests: over a rate limit (see RateLimit-Policy)',
    headers: { 'Retry-After': HEADER_REFS.RetryAfter, 'RateLimit-Policy': HEADER_REFS.RateLimitPolicy, RateLimit: HEADER_REFS.RateLimit },
    content: media,
  };
}
