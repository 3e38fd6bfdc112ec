import { methodRecord, type DtoInputKey } from '../metadata';
import type { Class } from '../../types';
import { assertLegacyDecorator, memberName } from '../legacy';

/** The parameter decorator `@<name>(Dto)`: records the DTO under `key` of the method's record, once per method. */
export function dtoParameter(name: string, key: DtoInputKey, dto: Class): ParameterDecorator {
  return (target, propertyKey, index) => {
    assertLegacyDecorator(name, propertyKey);
    const method = memberName(name, propertyKey);
    if (typeof dto !== 'function') {
      throw new TypeError(`@${name}(Dto) on ${target.constructor.name}.${method} needs a DTO class, got ${String(dto)}.`);
    }
    const record = methodRecord(target.constructor, method);
    if (record[key]) throw new TypeError(`${target.constructor.name}.${method} has more than one @${name} parameter.`);
    record[key] = { index, dto };
  };
}
