import type { StandardSchemaV1 } from '../../core/standard-schema';
import type { Class } from '../../types';
import { dtoParameter } from './dto-parameter';
import type { InputDecorator, InputOf } from './input-decorator';

/**
 * Validates the query string against `dto` and passes the validated instance. Each value is converted to its
 * property's declared type (`design:type`, or `@Type(() => Number)` where there is no decorator metadata); a repeated
 * key gives an array. An invalid query answers 422 (`in: 'query'`) and the handler does not run. A Standard Schema
 * gets the strings as they arrive and decides how to read them (`z.coerce.number()`); the handler gets its output.
 * The parameter's type must accept what it passes (see {@link InputDecorator}), or the decorator fails to compile.
 */
export function Query<D extends Class | StandardSchemaV1>(dto: D): InputDecorator<'@Query', InputOf<D>>;
export function Query(dto: Class | StandardSchemaV1): ParameterDecorator {
  return dtoParameter('Query', 'query', dto);
}

/**
 * The same as `@Query` for the route's `:name` segments (percent-decoded); field errors say `in: 'path'`. A schema gets
 * every segment of the route. A DTO property or schema key that names no segment makes `createApplication` throw.
 */
export function Params<D extends Class | StandardSchemaV1>(dto: D): InputDecorator<'@Params', InputOf<D>>;
export function Params(dto: Class | StandardSchemaV1): ParameterDecorator {
  return dtoParameter('Params', 'params', dto);
}

/**
 * The same as `@Query` for the request headers: the DTO's property names are header names, matched
 * case-insensitively (`'x-api-key'!: string`); field errors say `in: 'header'`. A schema gets every header of the
 * request, by its lower-case name (`'x-api-key': z.string()`).
 */
export function Headers<D extends Class | StandardSchemaV1>(dto: D): InputDecorator<'@Headers', InputOf<D>>;
export function Headers(dto: Class | StandardSchemaV1): ParameterDecorator {
  return dtoParameter('Headers', 'headers', dto);
}
