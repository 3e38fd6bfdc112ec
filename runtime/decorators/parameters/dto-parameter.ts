import { methodRecord, type DtoInputKey } from '../../metadata/records';
import type { StandardSchemaV1 } from '../../core/standard-schema';
import type { Class } from '../../types';
import { assertLegacyDecorator, memberName } from '../legacy';

/**
 * The parameter decorator `@<name>(Dto)` or `@<name>(schema)`: records the DTO class or the Standard Schema under
 * `key` of the method's record, once per method. A schema is recognised first (an ArkType type is a function); what
 * is neither a schema nor a class (`undefined` from an import cycle, `() => Dto`, a plain object) throws here, naming
 * the method and the parameter, instead of answering 500 on every request.
 */
export function dtoParameter(name: string, key: DtoInputKey, input: Class | StandardSchemaV1): ParameterDecorator {
  return (target, propertyKey, index) => {
    assertLegacyDecorator(name, propertyKey);
    const method = memberName(name, propertyKey);
    // Not isStandardSchema: its module is not in what importing the library loads. `validate` is asked for when used.
    const schema = (input as Partial<StandardSchemaV1> | undefined)?.['~standard'] !== undefined;
    if (!schema && !(typeof input === 'function' && input.prototype)) {
      throw new TypeError(`@${name}(Dto) on ${target.constructor.name}.${method} needs a DTO class or a Standard Schema (parameter ${index}), got ${typeof input}.`);
    }
    const record = methodRecord(target.constructor, method);
    if (record[key]) throw new TypeError(`${target.constructor.name}.${method} has more than one @${name} parameter.`);
    record[key] = schema ? { index, schema: input as StandardSchemaV1 } : { index, dto: input as Class };
  };
}
