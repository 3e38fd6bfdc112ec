import type { FileRule } from './file-rule';

// `@IsFile` rules wait here until class-validator is loaded (the main entry does not load it): the first rule starts
// that load, and a validated request or the OpenAPI document waits for it with `fileRulesRegistered`.

type Register = (rule: FileRule) => void;

let pending: FileRule[] = [];
let register: Register | undefined;
let registering: Promise<void> | undefined;

/** Hands one declared `@IsFile` to class-validator now, or as soon as it is loaded. */
export function addFileRule(rule: FileRule): void {
  if (register) return register(rule);
  pending.push(rule);
  fileRulesRegistered().catch(() => {}); // a failed load is reported by the validation that awaits it
}

/** Resolves once every `@IsFile` declared so far is registered with class-validator. */
export function fileRulesRegistered(): Promise<void> {
  if (register || pending.length === 0) return Promise.resolve();
  return (registering ??= import('./file-rule').then(
    async ({ fileRuleRegistrar }) => {
      register = await fileRuleRegistrar();
      for (const rule of pending) register(rule);
      pending = [];
    },
    (error: unknown) => {
      registering = undefined;
      throw error;
    },
  ));
}
