import type { FieldError, FieldLocation } from '../errors/http-error';
import { isNullable } from './nullable-properties';

/** A rule's error, before `withDtoRules` says where the value came from. */
type RuleError = Pick<FieldError, 'field' | 'message'>;

/**
 * The rules a DTO's decorators suggest but class-validator leaves out, enforced by the library and said the same way
 * by the OpenAPI document (README "Validation rules"):
 * - a property without `@IsOptional()`/`@ValidateIf()` is required (class-validator lets `undefined` through
 *   `@ValidateNested()` and `@Allow()`);
 * - an `@IsOptional()` property may be left out but not sent as `null` (class-validator skips every check on `null`);
 * - a `@Nullable()` property accepts `null` (class-validator's errors on it are dropped), and nothing else changes:
 *   without `@IsOptional()` it is still required;
 * - a nested DTO (`@ValidateNested()`) is an object, never an array; with `{ each: true }` or an array type it is an
 *   array of objects, never of arrays or primitives;
 * - a property checked with `{ each: true }` is an array (class-validator would check a single value the same way).
 */
export interface PropertyRule {
  property: string;
  optional: boolean;
  refusesNull: boolean;
  /** `@Nullable()`: `null` is accepted, whatever the other decorators say. */
  nullable: boolean;
  shape: 'any' | 'object' | 'objects' | 'array';
  /** `@IsInt()` applies: the document says `integer` even where `@Min`/`@Max` say `number`. */
  integer: boolean;
}

/** The parts of a class-validator ValidationMetadata the rules read. */
export interface RuleMetadata {
  target: Function | string;
  propertyName: string;
  type: string;
  name?: string;
  each?: boolean;
}

export interface RuleStorage {
  getTargetValidationMetadatas(target: Function, targetSchema: string, always: boolean, strictGroups: boolean): RuleMetadata[];
}

const NESTED = 'nestedValidation';
const CONDITIONAL = 'conditionalValidation';

const cache = new WeakMap<RuleStorage, WeakMap<Function, PropertyRule[]>>();

/** One rule per validated property of the class (inherited ones included), computed once per class. */
export function propertyRules(cls: Function, storage: RuleStorage): PropertyRule[] {
  let byClass = cache.get(storage);
  if (!byClass) cache.set(storage, (byClass = new WeakMap()));
  let rules = byClass.get(cls);
  if (!rules) byClass.set(cls, (rules = computeRules(cls, storage)));
  return rules;
}

function computeRules(cls: Function, storage: RuleStorage): PropertyRule[] {
  const byProperty = new Map<string, RuleMetadata[]>();
  for (const meta of storage.getTargetValidationMetadatas(cls, '', true, false)) {
    const list = byProperty.get(meta.propertyName);
    if (list) list.push(meta);
    else byProperty.set(meta.propertyName, [meta]);
  }
  return [...byProperty].map(([property, metas]) => {
    const nested = metas.some((meta) => meta.type === NESTED);
    const each = metas.some((meta) => meta.each === true);
    const arrayType = designType(cls, property) === Array;
    const nullable = isNullable(cls, property);
    return {
      property,
      optional: metas.some((meta) => meta.type === CONDITIONAL || meta.name === 'isEmpty'),
      refusesNull: !nullable && metas.some((meta) => meta.type === CONDITIONAL && meta.name === 'isOptional'),
      nullable,
      shape: nested ? (each || arrayType ? 'objects' : 'object') : each ? 'array' : 'any',
      integer: metas.some((meta) => meta.name === 'isInt'),
    };
  });
}

/** The 422's message for `null` on an `@IsOptional()` property: it names the way to accept it. */
export const refusedNullMessage = (field: string) => `${field} must not be null: leave it out (add @Nullable() to accept null)`;

/**
 * Field errors for the rules above, on a DTO instance class-validator has already checked. `refused` holds the fields
 * class-validator already answered for: a missing value there keeps class-validator's message. The `@Nullable()`
 * fields found holding `null` are added to `acceptedNulls`.
 */
export function dtoRuleErrors(
  cls: Function,
  instance: object,
  storage: RuleStorage,
  refused: ReadonlySet<string>,
  parent = '',
  acceptedNulls: Set<string> = new Set(),
): RuleError[] {
  const errors: RuleError[] = [];
  for (const rule of propertyRules(cls, storage)) {
    const field = parent ? `${parent}.${rule.property}` : rule.property;
    const value = (instance as Record<string, unknown>)[rule.property];
    if (value === undefined) {
      if (!rule.optional && !refused.has(field)) errors.push({ field, message: `${field} is required` });
      continue;
    }
    if (value === null) {
      if (rule.nullable) acceptedNulls.add(field);
      else if (rule.refusesNull) errors.push({ field, message: refusedNullMessage(field) });
      continue;
    }
    if (rule.shape === 'object') {
      if (!isObject(value)) errors.push({ field, message: `${field} must be an object${Array.isArray(value) ? ', not an array' : ''}` });
      else errors.push(...nestedErrors(value, storage, refused, field, acceptedNulls));
    } else if (rule.shape === 'objects' || rule.shape === 'array') {
      if (!Array.isArray(value)) {
        errors.push({ field, message: `${field} must be an array` });
      } else if (rule.shape === 'objects') {
        value.forEach((item: unknown, index) => {
          const itemField = `${field}.${index}`;
          if (!isObject(item)) errors.push({ field: itemField, message: `${itemField} must be an object` });
          else errors.push(...nestedErrors(item, storage, refused, itemField, acceptedNulls));
        });
      }
    }
  }
  return errors;
}

/**
 * class-validator's errors with the rule errors added. A rule error wins over class-validator's errors at or under
 * its field: "address must be an object, not an array" says more than the errors of `address.0.street`. class-validator's
 * errors on a `@Nullable()` field holding `null` are dropped.
 */
export function withDtoRules(cls: Function, instance: object, storage: RuleStorage, errors: FieldError[], where: FieldLocation): FieldError[] {
  const acceptedNulls = new Set<string>();
  const refused = errors.length === 0 ? NONE_REFUSED : new Set(errors.map((error) => error.field));
  const ruled = dtoRuleErrors(cls, instance, storage, refused, '', acceptedNulls);
  if (acceptedNulls.size > 0) errors = errors.filter((error) => !acceptedNulls.has(error.field));
  if (ruled.length === 0) return errors;
  const covered = (field: string) => ruled.some((rule) => field === rule.field || field.startsWith(`${rule.field}.`));
  return [...errors.filter((error) => !covered(error.field)), ...ruled.map((rule) => ({ ...rule, in: where }))];
}

const NONE_REFUSED: ReadonlySet<string> = new Set();

function nestedErrors(value: object, storage: RuleStorage, refused: ReadonlySet<string>, field: string, acceptedNulls: Set<string>): RuleError[] {
  // class-transformer made nested values instances of their @Type class; a plain Object has no rules of its own.
  const cls = value.constructor;
  return typeof cls === 'function' && cls !== Object ? dtoRuleErrors(cls, value, storage, refused, field, acceptedNulls) : [];
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function designType(target: Function, property: string): unknown {
  const reflect = Reflect as unknown as { getMetadata?: (key: string, target: object, property: string) => unknown };
  return reflect.getMetadata?.('design:type', target.prototype, property);
}
