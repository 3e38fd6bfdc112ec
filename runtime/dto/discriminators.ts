import type { FieldError, FieldLocation } from '../errors/http-error';
import { propertyRules, type RuleStorage } from './dto-rules';
import { isUserClass } from './sent-properties';
import type { TransformerStorage } from './transformer-storage';

/**
 * A discriminated `@Type(() => Pet, { discriminator })` names its subtypes: class-transformer falls back to the base
 * class for a value whose discriminator names none of them, and would validate it as that. This answers it instead,
 * naming the allowed values. Walks the nested DTOs of `cls` through the plain value.
 */
export function discriminatorErrors(cls: Function, plain: unknown, storage: RuleStorage, types: TransformerStorage, where: FieldLocation, parent = ''): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof plain !== 'object' || plain === null) return errors;
  for (const rule of propertyRules(cls, storage)) {
    if (rule.shape !== 'object' && rule.shape !== 'objects') continue;
    const typeMetadata = types.findTypeMetadata(cls, rule.property);
    if (!typeMetadata) continue;
    const field = parent ? `${parent}.${rule.property}` : rule.property;
    const value = (plain as Record<string, unknown>)[rule.property];
    const items: [unknown, string][] = Array.isArray(value) ? value.map((item, index) => [item, `${field}.${index}`]) : [[value, field]];
    const discriminator = typeMetadata.options?.discriminator;
    for (const [item, itemField] of items) {
      if (typeof item !== 'object' || item === null) continue;
      let nested: unknown = typeMetadata.typeFunction();
      if (discriminator) {
        const named = (item as Record<string, unknown>)[discriminator.property];
        const subType = discriminator.subTypes.find((candidate) => candidate.name === named);
        if (!subType) {
          const at = `${itemField}.${discriminator.property}`;
          const allowed = discriminator.subTypes.map((candidate) => candidate.name).join(', ');
          errors.push({ field: at, message: `${at} must be one of: ${allowed}`, in: where });
          continue;
        }
        nested = subType.value;
      }
      if (isUserClass(nested)) errors.push(...discriminatorErrors(nested, item, storage, types, where, itemField));
    }
  }
  return errors;
}
