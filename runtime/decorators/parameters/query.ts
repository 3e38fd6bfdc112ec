import type { Class } from '../../types';
import { dtoParameter } from './dto-parameter';

/**
 * Validates the query string against `dto` and passes the validated instance. Each value is converted to its
 * property's declared type (`design:type`, or `@Type(() => Number)` where there is no decorator metadata); a repeated
 * key gives an array. An invalid query answers 422 (`in: 'query'`) and the handler does not run.
 */
export function Query(dto: Class): ParameterDecorator {
  return dtoParameter('Query', 'query', dto);
}

/** The same as `@Query` for the route's `:name` segments (percent-decoded); field errors say `in: 'path'`. */
export function Params(dto: Class): ParameterDecorator {
  return dtoParameter('Params', 'params', dto);
}

/**
 * The same as `@Query` for the request headers: the DTO's property names are header names, matched
 * case-insensitively (`'x-api-key'!: string`); field errors say `in: 'header'`.
 */
export function Headers(dto: Class): ParameterDecorator {
  return dtoParameter('Headers', 'headers', dto);
}
