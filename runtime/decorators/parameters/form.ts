import type { StandardSchemaV1 } from '../../core/standard-schema';
import type { Class } from '../../types';
import { dtoParameter } from './dto-parameter';
import type { InputDecorator, InputOf } from './input-decorator';

/**
 * Reads a `multipart/form-data` or `application/x-www-form-urlencoded` body, validates it against `dto` and passes the
 * validated instance. Text fields are converted like `@Query` values; file parts arrive as `File`s (check them with
 * `@IsFile`). A Standard Schema gets the fields as they arrive (strings, `File`s, arrays of a repeated name) and the
 * handler its output. Any other content type answers 415, JSON included: forms are opt-in per route because a browser sends
 * them cross-site without a CORS preflight. An invalid form answers 422 (`in: 'form'`) and the handler does not run.
 * The parameter's type must accept what it passes (see {@link InputDecorator}), or the decorator fails to compile.
 */
export function Form<D extends Class | StandardSchemaV1>(dto: D): InputDecorator<'@Form', InputOf<D>>;
export function Form(dto: Class | StandardSchemaV1): ParameterDecorator {
  return dtoParameter('Form', 'form', dto);
}
