import type { StandardSchemaV1 } from '../../core/standard-schema';
import type { Class } from '../../types';
import { dtoParameter } from './dto-parameter';
import type { InputDecorator, InputOf } from './input-decorator';

/**
 * Parses the JSON body, validates it against `dto` (class-transformer, then class-validator) and passes the
 * validated instance; or, given a Standard Schema (Zod 4, Valibot 1, ArkType 2…), validates it with the schema's
 * `~standard.validate` and passes the schema's output. An invalid body answers 422 and the handler does not run.
 * The parameter's type must accept what it passes (see {@link InputDecorator}), or the decorator fails to compile.
 */
export function Body<D extends Class | StandardSchemaV1>(dto: D): InputDecorator<'@Body', InputOf<D>>;
export function Body(dto: Class | StandardSchemaV1): ParameterDecorator {
  return dtoParameter('Body', 'body', dto);
}
