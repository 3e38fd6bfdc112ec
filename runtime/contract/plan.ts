import type { RuleStorage } from '../dto/dto-rules';
import { sentProperties, type TransformFn } from '../dto/sent-properties';
import type { TransformerStorage } from '../dto/transformer-storage';

/**
 * How to send a value as one DTO class: its sent properties, compiled once per class into a list the strip walks
 * (no code generation: the Edge runtime refuses `eval` and `new Function`).
 */
export interface Plan {
  cls: Function;
  fields: Field[];
}

interface Field {
  key: string;
  name: string;
  transforms?: TransformFn[];
  nested?: Plan;
  union?: Union;
}

/** A discriminated `@Type`: each item is sent as the subtype its discriminator names (or whose instance it is). */
interface Union {
  property: string;
  byName: Map<string, Plan>;
  byClass: Map<Function, string>;
  fallback?: Plan;
}

export interface PlanTools {
  storage: RuleStorage;
  types: TransformerStorage;
}

/** What a strip needs besides the plan: class-transformer's instanceToPlain, for an entity's own rules. */
export interface StripContext {
  /** An instance of a class with class-transformer rules of its own (`@Exclude`, `@Expose`), as a plain object. */
  toPlain(value: object): object;
  /** Whether the value's class has such rules (asked once per class). */
  hasOwnRules(cls: Function): boolean;
  /** A value of a property with no DTO of its own (`@IsObject()`, `@IsArray()`): class instances in it serialised. */
  leaf(value: object): unknown;
}

export function planCache(tools: PlanTools): (cls: Function) => Plan {
  const plans = new WeakMap<Function, Plan>();
  const compile = (cls: Function): Plan => {
    let plan = plans.get(cls);
    if (plan) return plan;
    // Registered before its fields: a DTO that nests itself (a tree) refers to this same plan.
    plan = { cls, fields: [] };
    plans.set(cls, plan);
    for (const property of sentProperties(cls, tools.storage, tools.types)) {
      const field: Field = { key: property.key, name: property.name };
      if (property.transforms.length > 0) field.transforms = property.transforms;
      if (property.discriminator) {
        const { property: discriminatorProperty, subTypes } = property.discriminator;
        const union: Union = { property: discriminatorProperty, byName: new Map(), byClass: new Map() };
        for (const subType of subTypes) {
          union.byName.set(subType.name, compile(subType.value));
          union.byClass.set(subType.value, subType.name);
        }
        if (property.nested) union.fallback = compile(property.nested);
        field.union = union;
      } else if (property.nested) {
        field.nested = compile(property.nested);
      }
      plan.fields.push(field);
    }
    return plan;
  };
  return compile;
}

/**
 * `value` as `plan`'s class sends it: an object with exactly the plan's properties (an array: each item so), the
 * others dropped whatever the value's prototype. Values that are not objects are left for validation to judge.
 */
export function strip(plan: Plan, value: unknown, context: StripContext): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const items = new Array(value.length);
    for (let i = 0; i < value.length; i++) items[i] = strip(plan, value[i], context);
    return items;
  }
  let source = value as Record<string, unknown>;
  const prototype = Object.getPrototypeOf(source);
  if (prototype !== Object.prototype && prototype !== null && !(source instanceof (plan.cls as new () => unknown))) {
    const cls = (source as { constructor?: unknown }).constructor;
    if (typeof cls === 'function' && context.hasOwnRules(cls)) source = context.toPlain(source) as Record<string, unknown>;
  }
  const out: Record<string, unknown> = {};
  const fields = plan.fields;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    let item = source[field.key];
    if (field.transforms !== undefined) item = transformed(field, item, source);
    if (item === undefined) continue;
    if (typeof item === 'object' && item !== null) {
      if (field.nested !== undefined) item = strip(field.nested, item, context);
      else if (field.union !== undefined) item = stripUnion(field.union, item, context);
      else item = context.leaf(item);
    }
    out[field.name] = item;
  }
  return out;
}

function stripUnion(union: Union, value: object, context: StripContext): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => (typeof item === 'object' && item !== null ? stripUnion(union, item, context) : item));
  const name = union.byClass.get(value.constructor) ?? (value as Record<string, unknown>)[union.property];
  const plan = typeof name === 'string' ? union.byName.get(name) : undefined;
  if (!plan) return union.fallback ? strip(union.fallback, value, context) : {};
  // The discriminator is always sent, first: a client reads it to know which subtype it holds.
  return { [union.property]: name, ...(strip(plan, value, context) as object) };
}

function transformed(field: Field, value: unknown, obj: object): unknown {
  for (const transform of field.transforms!) value = transform({ value, key: field.key, obj, type: 1, options: {} });
  return value;
}
