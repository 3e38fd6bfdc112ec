import type { ValidationOptions } from 'class-validator';
import type { IsFileOptions } from '../../validation/file-rule';
import { addFileRule } from '../../validation/file-rules';

/**
 * A class-validator rule for `@Form` DTOs: the value must be a `File`, at most `maxSize` bytes, of one of `mimeTypes`.
 * `IsFile(options, { each: true })` checks every file of a `File[]`; `@IsOptional()` works as usual.
 *
 * This module is part of the library's entry, and class-validator is not: the rule is handed to class-validator when
 * the library loads it (see validation/file-rules.ts).
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
    addFileRule({ target: target.constructor, propertyName: String(propertyKey), file, validation });
  };
}
