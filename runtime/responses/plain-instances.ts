import { instanceToPlain, type ClassTransformOptions } from 'class-transformer';
import { loadRuleFree, type RuleFree } from '../dto/rule-free';

/** Whether JSON.stringify sends `value` exactly as class-transformer's `instanceToPlain` (default options) would. */
export type SentAsIs = (value: object) => boolean;

type InstanceToPlain = (value: unknown, options?: ClassTransformOptions) => unknown;

export interface Serializer {
  instanceToPlain: InstanceToPlain;
  sentAsIs: SentAsIs;
}

/**
 * class-transformer's `instanceToPlain` (this module is in the validation chunk: loaded with the first response that
 * holds a class instance, from the same copy the user's entity files registered @Exclude/@Expose on), and the test
 * that lets a value skip it.
 */
export async function loadSerializer(): Promise<Serializer> {
  return { instanceToPlain, sentAsIs: await loadSentAsIs() };
}

/**
 * `instanceToPlain` copies a class instance's own keys, which JSON.stringify reads the same way, unless a rule of
 * class-transformer (`@Exclude`, `@Expose`, `@Transform`, `@Type`) applies to its class or an ancestor, or the value
 * holds something it treats apart (Map, Set, Promise, built-in classes, own function values, which it calls, `toJSON`,
 * which it ignores, array holes and own `__proto__` keys, which it drops). Values with none of those are sent without the
 * copy: a validated DTO returned as it is costs JSON.stringify alone.
 */
export async function loadSentAsIs(): Promise<SentAsIs> {
  const ruleFree = await loadRuleFree();
  return (value) => sentAsIs(value, ruleFree);
}

export function sentAsIs(value: object, ruleFree: RuleFree): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === undefined && !(i in value)) return false;
      if (typeof item === 'object' && item !== null && !sentAsIs(item, ruleFree)) return false;
    }
    return true;
  }
  const type = (value as { constructor?: unknown }).constructor;
  if (type !== Object && type !== undefined) {
    if (type === Date) return true;
    if (typeof type !== 'function' || !ruleFree(type)) return false;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return false;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'function') return false;
    if (typeof item === 'object' && item !== null && !sentAsIs(item, ruleFree)) return false;
  }
  return true;
}
