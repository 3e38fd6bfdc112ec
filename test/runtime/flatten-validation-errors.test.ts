import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationError } from 'class-validator';
import { flattenValidationErrors } from '../../runtime/validation/dto-validation';

const flatten = suite('flattenValidationErrors');

const error = (property: string | undefined, constraints?: Record<string, string>, children: ValidationError[] = []) =>
  ({ property, constraints, children }) as ValidationError;

flatten('gives one entry per violated rule, nested fields as dotted paths', () => {
  const errors = [
    error('title', { isString: 'title must be a string', minLength: 'title is too short' }),
    error('items', undefined, [error('0', undefined, [error('name', { isNotEmpty: 'name should not be empty' })])]),
  ];
  assert.equal(flattenValidationErrors(errors, 'body'), [
    { field: 'title', message: 'title must be a string', in: 'body' },
    { field: 'title', message: 'title is too short', in: 'body' },
    { field: 'items.0.name', message: 'name should not be empty', in: 'body' },
  ]);
  assert.is(flattenValidationErrors(errors, 'query')[0].in, 'query');
});

// Regression: with a second copy of class-transformer a nested DTO was not an instance, and class-validator's error
// about the object itself (no property) came out as `address.undefined`.
flatten('an error about a nested object itself is named by the object, never "undefined"', () => {
  const unknownValue = { unknownValue: 'an unknown value was passed to the validate function' };
  assert.equal(flattenValidationErrors([error('address', undefined, [error(undefined, unknownValue)])], 'body'), [
    { field: 'address', message: unknownValue.unknownValue, in: 'body' },
  ]);
  assert.equal(flattenValidationErrors([error(undefined, unknownValue)], 'body'), [{ field: '', message: unknownValue.unknownValue, in: 'body' }]);
});

flatten.run();
