import type { Class } from '../types';
import { designType, propertyRules, type RuleStorage } from './dto-rules';
import type { DiscriminatorOptions, TransformerStorage } from './transformer-storage';

/** class-transformer's `TransformationType.CLASS_TO_PLAIN`. */
const CLASS_TO_PLAIN = 1;

export type TransformFn = (params: { value: unknown; key: string; obj: unknown; type: number; options: unknown }) => unknown;

/** One property a DTO's body holds, as its OpenAPI schema lists it and the response contract sends it. */
export interface SentProperty {
  /** The property on the value a handler returns. */
  key: string;
  /** The property in the body: `@Expose({ name })`, else the key. */
  name: string;
  /** `@Type(() => Dto)` (or the design type) of a `@ValidateNested()` property. */
  nested?: Class;
  discriminator?: DiscriminatorOptions;
  /** `@Transform(fn)`s that apply on the way out, in declaration order. */
  transforms: TransformFn[];
}

/**
 * The properties of a DTO's body: every validated property (inherited ones too) but the `@Exclude()`d ones, under
 * their `@Expose({ name })`. The same rules class-validator-jsonschema lists a schema's properties by, so the document
 * and the response contract agree.
 */
export function sentProperties(cls: Function, storage: RuleStorage, types: TransformerStorage): SentProperty[] {
  const exposed = types.getExposedMetadatas(cls) as { propertyName?: string; options?: { name?: string } }[];
  const sent: SentProperty[] = [];
  for (const rule of propertyRules(cls, storage)) {
    const key = rule.property;
    if (types.findExcludeMetadata(cls, key)) continue;
    const name = exposed.find((meta) => meta.propertyName === key)?.options?.name ?? key;
    const transforms = (types.findTransformMetadatas(cls, key, CLASS_TO_PLAIN) as { transformFn: TransformFn }[]).map((meta) => meta.transformFn);
    const property: SentProperty = { key, name, transforms };
    if (rule.shape === 'object' || rule.shape === 'objects') {
      const typeMetadata = types.findTypeMetadata(cls, key);
      const discriminator = typeMetadata?.options?.discriminator;
      if (discriminator?.property && Array.isArray(discriminator.subTypes)) property.discriminator = discriminator;
      const nested = [typeMetadata?.typeFunction(), designType(cls, key)].find(isUserClass);
      if (nested) property.nested = nested;
    }
    sent.push(property);
  }
  return sent;
}

export function isUserClass(value: unknown): value is Class {
  return typeof value === 'function' && value.prototype !== undefined && value !== Array && value !== Object && !Function.prototype.toString.call(value).includes('[native code]');
}
