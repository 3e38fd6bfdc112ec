import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate, type ValidationError, type ValidatorOptions } from 'class-validator';
import { fileRulesRegistered } from './file-rules';
import { withDtoRules, type RuleStorage } from '../dto/dto-rules';
import { discriminatorErrors } from '../dto/discriminators';
import { compileValidation, type CompiledValidation, type ValidatorStorage } from './compiled-validation';
import { copyIntoDto } from './plain-to-dto';
import { loadRuleFree, type RuleFree } from '../dto/rule-free';
import { combinedStorage, loadTransformerStorages, type TransformerStorage } from '../dto/transformer-storage';
import type { FieldError, FieldLocation } from '../errors/http-error';
import { lazy } from '../core/lazy';
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
  /** `validate`'s errors, flattened, from rules compiled once per class and options (or `undefined`: ask `validate`). */
  compiled: (options: ValidatorOptions) => CompiledValidation;
}

// This module is in the validation chunk, loaded on the first validated request, not at import: an application without
// DTOs never pays for class-validator. Its imports name what they use, so that a bundler keeps only that of
// class-validator (a namespace `import()` kept all of it, libphonenumber-js included: 1.1 MB of the server's chunks), and
// they resolve to the same copy the user's DTO files registered their decorators on. Once loaded, a request takes the
// validators without an await.
const validators = lazy(() =>
  Promise.all([loadTransformerStorages(), loadRuleFree(), fileRulesRegistered()]).then(([storages, ruleFree]): Validators => {
    const storage = getMetadataStorage();
    return {
      types: combinedStorage(storages),
      ruleFree,
      plainToInstance: plainToInstance as Validators['plainToInstance'],
      validate,
      storage: storage as unknown as RuleStorage,
      compiled: compiledPerOptions(storage as unknown as ValidatorStorage),
    };
  }),
);

function compiledPerOptions(storage: ValidatorStorage): Validators['compiled'] {
  const compiled = new WeakMap<ValidatorOptions, CompiledValidation>();
  return (options) => {
    let validation = compiled.get(options);
    if (!validation) compiled.set(options, (validation = compileValidation(storage, options)));
    return validation;
  };
}

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
  const loaded = validators.value ?? (await validators.load());
  const { plainToInstance, storage, types, ruleFree } = loaded;
  const unknownSubtypes = discriminatorErrors(dto, plain, storage, types, where);
  if (unknownSubtypes.length > 0) return { ok: false, errors: unknownSubtypes };
  const instance = (ruleFree(dto) && copyIntoDto(dto, plain)) || plainToInstance(dto, plain);
  const outcome = validated(loaded, dto, instance, options, where);
  // Returned as it is when the compiled rules answered: an await takes a microtask.
  return outcome instanceof Promise ? await outcome : outcome;
}

/**
 * The instance, or its field errors: class-validator's and the DTO rules'. Without an await where the rules compiled
 * for the class answer; class-validator's `validate` where they do not.
 */
export function validated(validators: Validators, dto: Class, instance: object, options: ValidatorOptions, where: FieldLocation): Validated | Promise<Validated> {
  const found = validators.compiled(options)(instance, where);
  if (found) return withRules(validators, dto, instance, found, where);
  return validators.validate(instance, options).then((errors) => withRules(validators, dto, instance, flattenValidationErrors(errors, where), where));
}

function withRules(validators: Validators, dto: Class, instance: object, found: FieldError[], where: FieldLocation): Validated {
  const errors = withDtoRules(dto, instance, validators.storage, found, where);
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
