import { methodRecord } from '../metadata';
import type { Class } from '../types';
import { assertLegacyDecorator, memberName } from './legacy';

/**
 * Parses the JSON body, validates it against `dto` (class-transformer, then class-validator) and passes the
 * validated instance. An invalid body answers 422 and the handler does not run.
 */
export function Body(dto: Class): ParameterDecorator {
  return (target, propertyKey, index) => {
    assertLegacyDecorator('Body', propertyKey);
    const name = memberName('Body', propertyKey);
    if (typeof dto !== 'function') {
      throw new TypeError(`@Body(Dto) on ${target.constructor.name}.${name} needs a DTO class, got ${String(dto)}.`);
    }
    const record = methodRecord(target.constructor, name);
    if (record.body) throw new TypeError(`${target.constructor.name}.${name} has more than one @Body parameter.`);
    record.body = { index, dto };
  };
}
