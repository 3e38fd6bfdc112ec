import type { ValidatorOptions } from 'class-validator';
import type { FieldLocation } from '../errors/http-error';
import { convertInputs, inputProperties, type InputProperty } from '../validation/input-conversion';
import type { Class } from '../types';
import { loadValidators, validated, type Validated } from '../validation/dto-validation';

// `@Query`, `@Params` and `@Headers` validation: a chunk of its own, loaded by the invoker on the first request that
// needs it, so an application without them does not load it.

export { headerInput, pathInput, queryInput } from './values';

/**
 * `toValidDto` for string inputs (query, path, headers, form fields): `read` gives the raw values, given the DTO's properties; each
 * is converted to its declared type first (see `convertInputs`). class-transformer would turn `'false'` into `true`
 * and `'abc'` into `NaN`, so the converted values are put back on the instance after it.
 */
export async function toValidInput(
  dto: Class,
  read: (properties: readonly InputProperty[]) => Record<string, unknown>,
  options: ValidatorOptions,
  where: FieldLocation,
): Promise<Validated> {
  const validators = await loadValidators();
  const { plainToInstance, storage, types } = validators;
  const properties = inputProperties(dto, storage, types);
  const raw = read(properties);
  const converted = convertInputs(properties, raw);
  const plain = Object.assign(raw, converted);
  const files = where === 'form' ? takeFiles(plain) : undefined;
  const instance = plainToInstance(dto, plain) as Record<string, unknown>;
  for (const property of Object.keys(converted)) instance[property] = converted[property];
  if (files) Object.assign(instance, files);
  return validated(validators, dto, instance, options, where);
}

/**
 * Takes the values holding files out of `plain` (a form's), to be put on the instance as they are: class-transformer
 * would copy a `File` into a new object of its class (`new File()`, which throws) or a plain object.
 */
function takeFiles(plain: Record<string, unknown>): Record<string, unknown> | undefined {
  let files: Record<string, unknown> | undefined;
  for (const key of Object.keys(plain)) {
    const value = plain[key];
    if (value instanceof Blob || (Array.isArray(value) && value.some((item) => item instanceof Blob))) {
      (files ??= {})[key] = value;
      delete plain[key];
    }
  }
  return files;
}

/** For the invoker, which starts loading the validators when an application with DTO routes is created. */
export { loadValidators } from '../validation/dto-validation';
