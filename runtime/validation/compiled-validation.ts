import type { ValidatorOptions } from 'class-validator';
import type { FieldError, FieldLocation } from '../errors/http-error';
import { replaceMessageTokens, VERSION_DEPENDENT, type RuleArguments } from './message-tokens';

/** The parts of class-validator's metadata storage compiling reads (the same in 0.14 and 0.15). */
export interface ValidatorStorage {
  getTargetValidationMetadatas(target: Function, schema: string | undefined, always: boolean, strictGroups: boolean, groups?: string[]): RuleMetadata[];
  groupByPropertyName(metadatas: RuleMetadata[]): Record<string, RuleMetadata[]>;
  getTargetValidatorConstraints(target: Function): ConstraintMetadata[];
}

interface RuleMetadata {
  type: string;
  target: Function | string;
  propertyName: string;
  constraints: unknown[];
  constraintCls: Function;
  each?: boolean;
  message?: unknown;
  validateIf?: (object: object, value: unknown) => boolean;
}

interface ConstraintMetadata {
  name?: string;
  async?: boolean;
  readonly instance: { validate(value: unknown, args: RuleArguments): unknown; defaultMessage?(args: RuleArguments): string };
}

/**
 * What `flattenValidationErrors(await validate(instance, options))` answers, or `undefined` where it must be asked:
 * the instance's rules (or a nested object's) need something not compiled here.
 */
export type CompiledValidation = (instance: object, where: FieldLocation) => FieldError[] | undefined;

// class-validator's `validate` looks up a class's rules on every call: it scans every class that has rules for
// ancestors, and finds each constraint's instance in a list of every decorator applied, so its cost grows with the
// application. Here the rules are resolved once per class, and a call runs them as class-validator's executor does,
// in its order, with its messages. A property test checks this against `validate` (0.14 and 0.15).

const OPTIONS_READ = new Set([
  'skipMissingProperties', 'skipNullProperties', 'skipUndefinedProperties', 'whitelist', 'forbidNonWhitelisted', 'groups',
  'always', 'strictGroups', 'dismissDefaultMessages', 'validationError', 'forbidUnknownValues', 'stopAtFirstError',
]);

/** A class without rules, under `forbidUnknownValues`. */
const UNKNOWN_VALUE = Symbol('unknown value');

/** The kinds of rule class-validator 0.14 and 0.15 record; a class with another kind is left to `validate`. */
const RULE_TYPES = new Set(['customValidation', 'nestedValidation', 'promiseValidation', 'conditionalValidation', 'whitelist', 'isDefined']);

/** Thrown where the rules need class-validator itself: async rules, Sets and Maps, a non-function constructor. */
const UNCOMPILED = Symbol('left to class-validator');

interface Rule {
  metadata: RuleMetadata;
  constraints: { type: string; instance: ConstraintMetadata['instance'] }[];
}

interface PropertyPlan {
  name: string;
  defined: Rule[];
  custom: Rule[];
  conditions: ((object: object, value: unknown) => unknown)[];
  nested: RuleMetadata[];
}

interface ClassPlan {
  /** class-validator's grouping, which its whitelist test reads (inherited keys such as `toString` included). */
  grouped: Record<string, RuleMetadata[]>;
  properties: PropertyPlan[];
}

/** Compiled for one options object; with options it does not know (a later class-validator's), every call answers `undefined`. */
export function compileValidation(storage: ValidatorStorage, options: ValidatorOptions): CompiledValidation {
  const set = options as Record<string, unknown>;
  // `enableDebugMessages` only adds a console warning when no class has rules at all.
  const known = (key: string) => OPTIONS_READ.has(key) || (key === 'enableDebugMessages' && set[key] !== true);
  if (Object.keys(set).some((key) => set[key] !== undefined && !known(key))) return () => undefined;
  const always = options.always || false;
  const strictGroups = options.strictGroups || false;
  const forbidUnknownValues = options.forbidUnknownValues !== false;
  const plans = new WeakMap<Function, Map<string | undefined, ClassPlan | null | typeof UNKNOWN_VALUE>>();

  function planFor(type: unknown, schema: string | undefined): ClassPlan | typeof UNKNOWN_VALUE {
    if (typeof type !== 'function') throw UNCOMPILED;
    let bySchema = plans.get(type);
    if (!bySchema) plans.set(type, (bySchema = new Map()));
    let plan = bySchema.get(schema);
    if (plan === undefined) bySchema.set(schema, (plan = compileClass(type, schema)));
    if (plan === null) throw UNCOMPILED;
    return plan;
  }

  function compileClass(type: Function, schema: string | undefined): ClassPlan | null | typeof UNKNOWN_VALUE {
    const metadatas = storage.getTargetValidationMetadatas(type, schema, always, strictGroups, options.groups);
    if (forbidUnknownValues && metadatas.length === 0) return UNKNOWN_VALUE;
    if (metadatas.some((metadata) => !RULE_TYPES.has(metadata.type))) return null;
    const grouped = storage.groupByPropertyName(metadatas);
    const properties: PropertyPlan[] = [];
    for (const name of Object.keys(grouped)) {
      const rest = grouped[name].filter((m) => m.type !== 'isDefined' && m.type !== 'whitelist');
      if (rest.some((m) => m.type === 'promiseValidation')) return null;
      const defined = grouped[name].filter((m) => m.type === 'isDefined').map(compileRule);
      const custom = rest.filter((m) => m.type === 'customValidation').map(compileRule);
      if (defined.includes(null) || custom.includes(null)) return null;
      properties.push({
        name,
        defined: defined as Rule[],
        custom: custom as Rule[],
        conditions: rest.filter((m) => m.type === 'conditionalValidation').map((m) => m.constraints[0] as PropertyPlan['conditions'][number]),
        nested: rest.filter((m) => m.type === 'nestedValidation'),
      });
    }
    return { grouped, properties };
  }

  function compileRule(metadata: RuleMetadata): Rule | null {
    const found = storage.getTargetValidatorConstraints(metadata.constraintCls);
    // `validate` awaits async constraints; they stay with it.
    if (found.some((constraint) => constraint.async)) return null;
    return { metadata, constraints: found.map((constraint) => ({ type: constraint.name || metadata.type, instance: constraint.instance })) };
  }

  /** class-validator's `execute`: the object's errors, appended to `out` as flattened ones under `path`. */
  function checkObject(object: object, schema: string | undefined, path: string, where: FieldLocation, out: FieldError[]): void {
    const plan = planFor(object.constructor, schema);
    if (plan === UNKNOWN_VALUE) return void out.push({ field: path, message: 'an unknown value was passed to the validate function', in: where });
    if (options.whitelist) {
      for (const key of Object.keys(object)) {
        if (plan.grouped[key] && plan.grouped[key].length !== 0) continue;
        if (options.forbidNonWhitelisted) out.push({ field: join(path, key), message: `property ${key} should not exist`, in: where });
        else delete (object as Record<string, unknown>)[key];
      }
    }
    for (const property of plan.properties) {
      checkValue(object, (object as Record<string, unknown>)[property.name], property, join(path, property.name), where, out);
    }
  }

  /** class-validator's `performValidations` for one value. */
  function checkValue(object: object, value: unknown, plan: PropertyPlan, path: string, where: FieldLocation, out: FieldError[]): void {
    let allowed = true;
    for (const condition of plan.conditions) allowed = Boolean(condition(object, value)) && allowed;
    if (!allowed) return;
    const failed: Record<string, string | undefined> = {};
    runRules(object, value, plan.defined, failed);
    if (!skipped(value)) {
      runRules(object, value, plan.custom, failed);
      if (plan.nested.length > 0 && value !== undefined) {
        if (value instanceof Set || value instanceof Map) throw UNCOMPILED;
        if (Array.isArray(value) || value instanceof Object) {
          emit(failed, path, where, out);
          checkNested(value as object, plan, path, where, out, failed);
          return;
        }
        for (const metadata of plan.nested) {
          if (options.stopAtFirstError && hasAny(failed)) continue;
          failed[metadata.type] = message(metadata.target as object, value, metadata);
        }
      }
    }
    emit(failed, path, where, out);
  }

  /** class-validator's `nestedValidations` of an object or array (each item checked as a value of the same rules). */
  function checkNested(value: object, plan: PropertyPlan, path: string, where: FieldLocation, out: FieldError[], failed: Record<string, unknown>): void {
    for (const metadata of plan.nested) {
      if (options.stopAtFirstError && hasAny(failed)) continue;
      if (Array.isArray(value)) {
        const items = itemPlan(plan);
        value.forEach((item, index) => checkValue(value, item, items, join(path, String(index)), where, out));
      } else {
        checkObject(value, typeof metadata.target === 'string' ? metadata.target : metadata.target.name, path, where, out);
      }
    }
  }

  function skipped(value: unknown): boolean {
    if (value === undefined && options.skipUndefinedProperties === true) return true;
    if (value === null && options.skipNullProperties === true) return true;
    return (value === null || value === undefined) && options.skipMissingProperties === true;
  }

  /** class-validator's `customValidations`. */
  function runRules(object: object, value: unknown, rules: Rule[], failed: Record<string, string | undefined>): void {
    for (const { metadata, constraints } of rules) {
      if (metadata.validateIf && !metadata.validateIf(object, value)) continue;
      for (const constraint of constraints) {
        if (options.stopAtFirstError && hasAny(failed)) continue;
        const args = ruleArguments(object, value, metadata);
        let valid: unknown;
        if (!metadata.each || !(Array.isArray(value) || value instanceof Set || value instanceof Map)) {
          valid = constraint.instance.validate(value, args);
          if (isPromise(valid)) throw UNCOMPILED;
        } else {
          if (!Array.isArray(value)) throw UNCOMPILED;
          const results = value.map((item) => constraint.instance.validate(item, args));
          if (results.some(isPromise)) throw UNCOMPILED;
          valid = results.every(Boolean);
        }
        if (!valid) failed[constraint.type] = message(object, value, metadata, constraint.instance);
      }
    }
  }

  /** class-validator's `createValidationError`: the rule's message, its tokens replaced. */
  function message(object: object, value: unknown, metadata: RuleMetadata, instance?: ConstraintMetadata['instance']): string | undefined {
    const args = ruleArguments(object, value, metadata);
    let text: unknown = metadata.message || '';
    if (!metadata.message && !options.dismissDefaultMessages && instance && instance.defaultMessage instanceof Function) {
      text = instance.defaultMessage(args);
    }
    return replaceMessageTokens(text, args);
  }

  return (instance, where) => {
    const out: FieldError[] = [];
    try {
      checkObject(instance, undefined, '', where, out);
    } catch (error) {
      if (error === UNCOMPILED || error === VERSION_DEPENDENT) return undefined;
      throw error;
    }
    return out;
  };
}

const itemPlans = new WeakMap<PropertyPlan, PropertyPlan>();

/** An array item of a `@ValidateNested()` property: only the nested rules apply to it, named by its index. */
function itemPlan(plan: PropertyPlan): PropertyPlan {
  let items = itemPlans.get(plan);
  if (!items) itemPlans.set(plan, (items = { name: plan.name, defined: [], custom: [], conditions: [], nested: plan.nested }));
  return items;
}

function ruleArguments(object: object, value: unknown, metadata: RuleMetadata): RuleArguments {
  const type = object.constructor as Function | undefined;
  return { targetName: type ? type.name : undefined, property: metadata.propertyName, object, value, constraints: metadata.constraints };
}

function emit(failed: Record<string, string | undefined>, field: string, where: FieldLocation, out: FieldError[]): void {
  for (const key in failed) out.push({ field, message: failed[key] as string, in: where });
}

function hasAny(record: Record<string, unknown>): boolean {
  for (const _ in record) return true;
  return false;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function isPromise(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}
