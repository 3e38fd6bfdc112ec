import type { ValidatorOptions } from 'class-validator';
import { fileRulesRegistered } from '../validation/file-rules';
import { readForm } from './form-body';
import { namedValuesInput } from './values';
import { toValidInput } from './input-validation';
import type { Class } from '../types';
import type { Validated } from '../validation/dto-validation';

/**
 * `@Form(Dto)`: the form body read under the limit, its text fields converted like `@Query` values, its files passed
 * as `File`s, then validated (field errors say `in: 'form'`). The invoker loads this module on the first form request.
 */
export async function toValidForm(request: Request, dto: Class, bodyLimit: number, validation: ValidatorOptions): Promise<Validated> {
  // One name, one value (a string or a File); a repeated name, an array of its values.
  const plain = namedValuesInput(await readForm(request, bodyLimit));
  // A DTO module loaded after the validators were (a lazily imported controller) may have IsFile rules still pending.
  await fileRulesRegistered();
  return toValidInput(dto, () => plain, validation, 'form');
}

/** For the invoker, which starts loading the validators when an application with DTO routes is created. */
export { loadValidators } from '../validation/dto-validation';
