import type { Class } from '../../types';
import { dtoParameter } from './dto-parameter';

/**
 * Parses the JSON body, validates it against `dto` (class-transformer, then class-validator) and passes the
 * validated instance. An invalid body answers 422 and the handler does not run.
 */
export function Body(dto: Class): ParameterDecorator {
  return dtoParameter('Body', 'body', dto);
}
