// The JSON schemas of the error bodies the runtime sends, read by the OpenAPI generator. They live here, not beside
// `defaultErrorBody` (runtime/errors/error-handler.ts) and `problemDetails`, so that only the OpenAPI chunk carries them: what
// importing the library loads stays within its 10 KB gzipped budget. Tests check the runtime's bodies against them.

const FIELD_ERROR_SCHEMA = {
  type: 'object',
  required: ['field', 'message', 'in'],
  properties: {
    field: { type: 'string', description: 'Dotted path of the field: title, address.city, items.0.name.', examples: ['title'] },
    message: { type: 'string', examples: ['title should not be empty'] },
    in: { type: 'string', enum: ['body', 'query', 'path', 'header', 'form'], description: 'Where the value came from.' },
  },
};

/** The JSON schema of `FieldError[]`, shared by the default body and problem details. */
export const FIELD_ERRORS_SCHEMA = { type: 'array', description: 'One entry per violated rule.', items: FIELD_ERROR_SCHEMA };

/** JSON schemas of the default body (`defaultErrorBody`): every error, and the 422 of a failed validation. */
export const DEFAULT_ERROR_SCHEMAS = {
  error: {
    type: 'object',
    description: 'The body of every error response: 404 for an unknown path, 500 for an unexpected error, an HttpError otherwise.',
    required: ['success', 'statusCode', 'message'],
    properties: {
      success: { type: 'boolean', const: false },
      statusCode: { type: 'integer', minimum: 400, maximum: 599 },
      message: { type: 'string' },
      requestId: { type: 'string', description: 'The X-Request-Id of the answer: the id of this request in the logs and traces.' },
    },
  },
  validation: {
    type: 'object',
    description: 'A @Body that failed validation; the handler did not run.',
    required: ['success', 'statusCode', 'message', 'errors'],
    properties: {
      success: { type: 'boolean', const: false },
      statusCode: { type: 'integer', const: 422 },
      message: { type: 'string', const: 'Validation failed' },
      errors: FIELD_ERRORS_SCHEMA,
      requestId: { type: 'string', description: 'The X-Request-Id of the answer: the id of this request in the logs and traces.' },
    },
  },
};

/** JSON schemas of what `problemDetails` (runtime/errors/problem-details.ts) sends: every error, and the 422. */
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
      instance: { type: 'string', description: 'This occurrence: urn:request-id: and the X-Request-Id of the answer (the request path when a proxy answered).' },
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
