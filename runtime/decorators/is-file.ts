import type { ValidationOptions } from 'class-validator';
import type { FileRule, IsFileOptions } from '../validation/file-rule';

type Register = (rule: FileRule) => void;

let pending: FileRule[] = [];
let register: Register | undefined;
let registering: Promise<void> | undefined;

/**
 * A class-validator rule for `@Form` DTOs: the value must be a `File`, at most `maxSize` bytes, of one of `mimeTypes`.
 * `IsFile(options, { each: true })` checks every file of a `File[]`; `@IsOptional()` works as usual.
 *
 * This module is part of the library's entry, and class-validator is not: the rule is handed to class-validator when
 * the library loads it (the decorator starts that load; a validated request or the OpenAPI document waits for it).
 */
export function IsFile(file: IsFileOptions = {}, validation?: ValidationOptions): PropertyDecorator {
  const { maxSize, mimeTypes } = file;
  if (maxSize !== undefined && !(typeof maxSize === 'number' && maxSize >= 0)) {
    throw new TypeError(`IsFile({ maxSize }) takes a number of bytes, got ${String(maxSize)}.`);
  }
  if (mimeTypes !== undefined && !(Array.isArray(mimeTypes) && mimeTypes.every((type) => typeof type === 'string'))) {
    throw new TypeError("IsFile({ mimeTypes }) takes an array of media types, e.g. ['image/png', 'image/*'].");
  }
  return (target, propertyKey) => {
    const rule = { target: target.constructor, propertyName: String(propertyKey), file, validation };
    if (register) return register(rule);
    pending.push(rule);
    fileRulesRegistered().catch(() => {}); // a failed load is reported by the validation that awaits it
  };
}

/** Resolves once every `@IsFile` declared so far is registered with class-validator. */
export function fileRulesRegistered(): Promise<void> {
  if (register || pending.length === 0) return Promise.resolve();
  return (registering ??= import('../validation/file-rule').then(
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
