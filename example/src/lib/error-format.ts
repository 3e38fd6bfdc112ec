import { problemDetails, type ErrorFormatter } from 'next-app-controllers/proxy';

/**
 * The RealWorld "Conduit" API's error contract, `{ "errors": { "body": ["…"] } }`: one message per field error on a
 * 422, else the error's message. Status and headers (a 405's Allow, a 401's WWW-Authenticate) stay the error's own.
 */
export const conduitErrors: ErrorFormatter = (error) => ({
  errors: { body: error.errors ? error.errors.map((fieldError) => fieldError.message) : [error.message] },
});

/** The JSON schema of `conduitErrors`' body, for the OpenAPI document (`generateOpenApiDocument({ errorSchema })`). */
export const conduitErrorSchema = {
  type: 'object',
  required: ['errors'],
  properties: { errors: { type: 'object', required: ['body'], properties: { body: { type: 'array', items: { type: 'string' } } } } },
};

const FORMATS: Record<string, ErrorFormatter> = { problem: problemDetails, conduit: conduitErrors };

/**
 * How this example answers errors: the library's default body, or `EXAMPLE_ERROR_FORMAT=problem` (RFC 9457 problem
 * details) or `EXAMPLE_ERROR_FORMAT=conduit` at `next start`. Imported by src/app.ts and by src/proxy.ts, which must
 * not import the controllers.
 */
export const formatError: ErrorFormatter | undefined = FORMATS[process.env.EXAMPLE_ERROR_FORMAT ?? ''];

export const errorSchema = formatError === conduitErrors ? conduitErrorSchema : undefined;
