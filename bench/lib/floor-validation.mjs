// What the validation floors share: the options createApplication passes to class-validator by default, and the 422
// they answer in the library's default format.
import { jsonResponse } from './routes.mjs';

export const VALIDATOR_OPTIONS = { forbidUnknownValues: true, validationError: { target: false, value: false } };

/** class-validator's errors as the library's field errors (nested ones as `parent.child`), each saying `where`. */
function fieldErrors(errors, where, parent = '') {
  const flat = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) flat.push({ field, message, in: where });
    if (error.children?.length) flat.push(...fieldErrors(error.children, where, field));
  }
  return flat;
}

export function validationFailed(errors, where) {
  return jsonResponse({ success: false, statusCode: 422, message: 'Validation failed', errors: fieldErrors(errors, where) }, 422);
}
