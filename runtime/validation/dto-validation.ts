import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate, type ValidationError, type ValidatorOptions } from 'class-validator';
import { fileRulesRegistered } from './file-rules';
import { withDtoRules, type RuleStorage } from './dto-rules';
import { discriminatorErrors } from './discriminators';
import { copyIntoDto } from './plain-to-dto';
import { ruleFreeTest, type RuleFree } from './rule-free';
import { combinedStorage, loadTransformerStorages, type TransformerStorage } from './transformer-storage';
import type { FieldError, FieldLocation } from '../errors/http-error';
import { lazy } from '../lazy';
import type { Class } from '../types';

export type { FieldError } from '../errors/http-error';

export interface Validators {
  plainToInstance: (cls: Class, plain: unknown) => object;
  validate: (object: object, options?: ValidatorOptions) => Promise<ValidationError[]>;
  storage: RuleStorage;
  /** class-transformer's metadata (every copy that loaded): `@Type`s and their discriminators. */
  types: TransformerStorage;
  /** Classes whose instances a plain copy makes (`copyIntoDto`) as class-transformer would. */
  ruleFree: RuleFree;
}

// This module is in the validation chunk, loaded on the first validated request, not at import: an application without
// DTOs never pays for class-validator. Its imports name what they use, so that a bundler keeps only that of
// class-validator (a namespace `import()` kept all of it, libphonenumber-js included: 1.1 MB of the server's chunks), and
// they resolve to the same copy the user's DTO files registered their decorators on. Once loaded, a request takes the
// validators without an await.
const validators = lazy(() =>
  Promise.all([loadTransformerStorages(), fileRulesRegistered()]).then(
    ([storages]): Validators => ({
      types: combinedStorage(storages),
      ruleFree: ruleFreeTest(storages),
      plainToInstance: plainToInstance as Validators['plainToInstance'],
      validate,
      storage: getMetadataStorage() as unknown as RuleStorage,
    }),
  ),
);

export function loadValidators(): Promise<Validators> {
  return validators.load();
}

export type Validated = { ok: true; value: object } | { ok: false; errors: FieldError[] };

/**
 * Turns a parsed value into a validated DTO instance, or into its field errors (`in` says where the value came from).
 * The errors are returned, not thrown: a failed validation is an ordinary answer, and unwinding it through the async
 * frames was a fifth of its cost.
 */
export async function toValidDto(dto: Class, plain: Record<string, unknown>, options: ValidatorOptions, where: FieldLocation = 'body'): Promise<Validated> {
  const { plainToInstance, validate, storage, types, ruleFree } = validators.value ?? (await validators.load());
  const unknownSubtypes = discriminatorErrors(dto, plain, storage, types, where);
  if (unknownSubtypes.length > 0) return { ok: false, errors: unknownSubtypes };
  const instance = (ruleFree(dto) && copyIntoDto(dto, plain)) || plainToInstance(dto, plain);
  const errors = withDtoRules(dto, instance, storage, flattenValidationErrors(await validate(instance, options), where), where);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: instance };
}

/** One entry per violated rule, nested fields as dotted paths. */
export function flattenValidationErrors(errors: readonly ValidationError[], where: FieldLocation, parent = ''): FieldError[] {
  const flat: FieldError[] = [];
  for (const error of errors) {
    // class-validator leaves `property` undefined on the error about the object itself (e.g. an unknown value).
    const field = error.property === undefined ? parent : parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) flat.push({ field, message, in: where });
    if (error.children?.length) flat.push(...flattenValidationErrors(error.children, where, field));
  }
  return flat;
}
