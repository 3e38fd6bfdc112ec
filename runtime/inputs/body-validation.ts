import type { ValidatorOptions } from 'class-validator';
import { readJsonObject } from './body';
import { assertBodyDepth } from './body-depth';
import type { Class } from '../types';
import { toValidDto, type Validated } from '../validation/dto-validation';

export interface BodyLimits {
  /** Largest request body, in bytes. */
  bodyLimit: number;
  /** Deepest nesting of objects and arrays. */
  bodyDepthLimit: number;
}

/**
 * `@Body(Dto)`: the JSON body read under the limits, then validated. The invoker loads this module (and with it body
 * reading, validation and the DTO rules) on the first request that has a body to validate, so importing the library
 * stays small.
 */
export async function toValidBody(request: Request, dto: Class, limits: BodyLimits, validation: ValidatorOptions): Promise<Validated> {
  const plain = await readJsonObject(request, limits.bodyLimit);
  assertBodyDepth(plain, limits.bodyDepthLimit);
  // Awaited, not returned: an async function that returns a promise takes two more microtasks to settle.
  return await toValidDto(dto, plain, validation);
}

/** For the invoker, which starts loading the validators when an application with DTO routes is created. */
export { loadValidators } from '../validation/dto-validation';
