import { markNullable } from '../../dto/nullable-properties';
import { assertLegacyDecorator } from '../legacy';

/**
 * Accepts `null` for a DTO property (README "Validation rules"): a `null` value skips the property's other checks and
 * reaches the handler as `null`, and the document marks the property nullable. With `@IsOptional()` the property may
 * also be left out; without it, it is still required (`null` is a value). It goes beside the property's
 * class-validator decorators: on its own it declares nothing for class-validator, which then strips the property
 * under `whitelist`.
 */
export function Nullable(): PropertyDecorator {
  return (target, propertyKey) => {
    assertLegacyDecorator('Nullable', propertyKey);
    if (typeof propertyKey !== 'string') throw new TypeError('@Nullable() goes on a DTO property with a string name.');
    markNullable(target.constructor, propertyKey);
  };
}
