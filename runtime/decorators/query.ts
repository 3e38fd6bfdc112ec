import { methodRecord } from '../metadata';
import type { Class } from '../types';
import { assertLegacyDecorator, memberName } from './legacy';

/**
 * Validates the query string against `dto` and passes the validated instance. Every value arrives as a string (a
 * repeated key as an array of strings), so numeric fields need class-transformer's `@Type(() => Number)`. An invalid
 * query answers 422 and the handler does not run.
 */
export function Query(dto: Class): ParameterDecorator {
  return (target, propertyKey, index) => {
    assertLegacyDecorator('Query', propertyKey);
    const name = memberName('Query', propertyKey);
    if (typeof dto !== 'function') {
      throw new TypeError(`@Query(Dto) on ${target.constructor.name}.${name} needs a DTO class, got ${String(dto)}.`);
    }
    const record = methodRecord(target.constructor, name);
    if (record.query) throw new TypeError(`${target.constructor.name}.${name} has more than one @Query parameter.`);
    record.query = { index, dto };
  };
}
