import type { ErrorFormatter } from 'next-app-controllers/proxy';

/**
 * What the exception filter (NestJS) or @Catch handler (next-api-decorators) did, for every error answer of the app:
 * the body the clients already read, `{ "errors": { "body": ["…"] } }`.
 */
export const conduitErrors: ErrorFormatter = (error) => ({
  errors: { body: error.errors ? error.errors.map((fieldError) => fieldError.message) : [error.message] },
});
