import type { RuleStorage } from './dto-rules';

/**
 * class-validator's metadata storage, if the app has loaded class-validator, without loading it (the main entry does
 * not): class-validator keeps its one storage on `globalThis`, created by the first decorator of a DTO. Undefined when
 * no DTO uses a class-validator decorator.
 */
export function loadedValidationStorage(): RuleStorage | undefined {
  const storage = (globalThis as { classValidatorMetadataStorage?: Partial<RuleStorage> }).classValidatorMetadataStorage;
  return typeof storage?.getTargetValidationMetadatas === 'function' ? (storage as RuleStorage) : undefined;
}
