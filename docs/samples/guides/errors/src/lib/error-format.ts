// #region format
import type { ErrorFormatter } from 'next-app-controllers/proxy';

export const conduitErrors: ErrorFormatter = (error) => ({
  errors: { body: error.errors ? error.errors.map((fieldError) => fieldError.message) : [error.message] },
});
// #endregion format

/** The JSON schema of `conduitErrors`' body, for the OpenAPI document. */
export const conduitErrorSchema = {
  type: 'object',
  required: ['errors'],
  properties: { errors: { type: 'object', required: ['body'], properties: { body: { type: 'array', items: { type: 'string' } } } } },
};
