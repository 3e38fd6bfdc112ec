import { designType, type RuleStorage } from '../dto/dto-rules';
import type { TransformerStorage } from '../dto/transformer-storage';

/** How one property of a `@Query`/`@Params`/`@Headers` DTO turns its strings into values. */
export interface InputProperty {
  property: string;
  /** The declared type of the value, or of each item of an array: `Number`, `Boolean`, `Date`, `String`, or unknown. */
  type: unknown;
  array: boolean;
  /** An `@Transform` of the user's own decides the value: the library converts nothing. */
  transformed: boolean;
}

// class-transformer's TransformationType.PLAIN_TO_CLASS.
const PLAIN_TO_CLASS = 0;

const plans = new WeakMap<Function, InputProperty[]>();

/**
 * The DTO's validated properties and their declared types: `@Type(() => X)` where given, else `design:type` (which
 * tsx and esbuild do not emit). A property is an array when its type is, or when a rule checks it `{ each: true }` or
 * with `@IsArray()`. Computed once per class.
 */
export function inputProperties(cls: Function, rules: RuleStorage, transformer: TransformerStorage): InputProperty[] {
  let plan = plans.get(cls);
  if (plan) return plan;
  const byProperty = new Map<string, boolean>();
  for (const meta of rules.getTargetValidationMetadatas(cls, '', true, false)) {
    const array = meta.each === true || meta.name === 'isArray';
    byProperty.set(meta.propertyName, (byProperty.get(meta.propertyName) ?? false) || array);
  }
  plan = [...byProperty].map(([property, checkedAsArray]) => {
    const declared = designType(cls, property);
    const given = transformer.findTypeMetadata(cls, property)?.typeFunction();
    return {
      property,
      type: given ?? (declared === Array ? undefined : declared),
      array: checkedAsArray || declared === Array,
      transformed: transformer.findTransformMetadatas(cls, property, PLAIN_TO_CLASS).length > 0,
    };
  });
  plans.set(cls, plan);
  return plan;
}

/**
 * The raw strings converted to the declared types (README "Inputs"): a value that does not convert stays the string
 * it was, so its validation rule answers with its own message. A single value of an array property becomes a
 * one-element array. Returns only the properties it converted.
 */
export function convertInputs(plan: readonly InputProperty[], raw: Record<string, unknown>): Record<string, unknown> {
  const converted: Record<string, unknown> = {};
  for (const { property, type, array, transformed } of plan) {
    if (transformed || !Object.hasOwn(raw, property)) continue;
    const value = raw[property];
    if (Array.isArray(value)) converted[property] = value.map((item) => convertValue(item, type));
    else converted[property] = array ? [convertValue(value, type)] : convertValue(value, type);
  }
  return converted;
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
// A date, or a date and time with an optional fraction and offset (RFC 3339 / ISO 8601's extended form).
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

export function convertValue(value: unknown, type: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (type === Number) return NUMERIC.test(value) ? Number(value) : value;
  if (type === Boolean) return value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
  if (type === Date) {
    if (!ISO_DATE.test(value)) return value;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date;
  }
  return value;
}
