import { lazy } from '../core/lazy';
import { loadTransformerStorages, type TransformerStorage } from './transformer-storage';

/** Whether no class-transformer rule applies to a class: none on it, none on an ancestor, and it is not built in. */
export type RuleFree = (type: Function) => boolean;

// class-transformer keeps what changes a class's conversion in these maps, keyed by class (0.3 to 0.5 alike). They are
// not public, but no public method tells whether a class has any rule at all without naming each property.
const RULE_MAPS = ['_typeMetadatas', '_transformMetadatas', '_exposeMetadatas', '_excludeMetadatas'] as const;

/**
 * A class without `@Type`, `@Transform`, `@Expose` or `@Exclude` on it or its ancestors is converted by a plain copy of
 * own keys, which lets the library skip class-transformer's generic walk for it. Answers are kept per class: its
 * decorators ran when it was defined. A storage of an unknown layout makes every class count as having rules.
 */
export function ruleFreeTest(storages: readonly TransformerStorage[]): RuleFree {
  const maps = storages.flatMap((storage) => RULE_MAPS.map((name) => (storage as unknown as Record<string, unknown>)[name]));
  if (!maps.every((map): map is Map<Function, unknown> => map instanceof Map)) return () => false;
  const verdicts = new WeakMap<Function, boolean>();
  return (type) => {
    let verdict = verdicts.get(type);
    if (verdict === undefined) verdicts.set(type, (verdict = ancestryIsRuleFree(type, maps)));
    return verdict;
  };
}

function ancestryIsRuleFree(type: Function, maps: readonly Map<Function, unknown>[]): boolean {
  for (let current: unknown = type; current !== Function.prototype; current = Object.getPrototypeOf(current)) {
    if (typeof current !== 'function' || isNative(current) || maps.some((map) => map.has(current as Function))) return false;
  }
  return true;
}

function isNative(type: Function): boolean {
  return Function.prototype.toString.call(type).endsWith('{ [native code] }');
}

const shared = lazy(() => loadTransformerStorages().then(ruleFreeTest));

/** The one test of the process, over every class-transformer storage, shared by the validators and the serialiser. */
export function loadRuleFree(): Promise<RuleFree> {
  return shared.load();
}
