import type { FieldError, FieldLocation } from '../errors/http-error';
import type { StandardSchemaV1 } from '../core/standard-schema';
import { unknownKeyIssues } from './unknown-keys';

/** A value a schema accepted (its output), or the field errors of its issues. */
export type SchemaOutcome = { ok: true; value: unknown } | { ok: false; errors: FieldError[] };

/**
 * Runs the schema's `~standard.validate` on `value`: its output, or one field error per issue (`in` says where the
 * value came from). Without an await when the schema answers synchronously (Zod, Valibot and ArkType do for schemas
 * without async checks). A `validate` that throws, or a promise of it that rejects, is not caught: it is the
 * application's error, answered 500 through `onError`.
 */
export function validateWithSchema(schema: StandardSchemaV1, value: unknown, where: FieldLocation): SchemaOutcome | Promise<SchemaOutcome> {
  const result = schema['~standard'].validate(value);
  return typeof (result as PromiseLike<unknown>).then === 'function'
    ? (result as Promise<StandardSchemaV1.Result<unknown>>).then((settled) => outcome(settled, where, schema))
    : outcome(result as StandardSchemaV1.Result<unknown>, where, schema);
}

function outcome(result: StandardSchemaV1.Result<unknown>, where: FieldLocation, schema: StandardSchemaV1): SchemaOutcome {
  if (!result.issues) return { ok: true, value: (result as { value: unknown }).value };
  return { ok: false, errors: issueErrors(result.issues, where, schema) };
}

/**
 * The issues as field errors: `field` the issue's path joined with `.` (array indexes included), `message` the
 * library's. An unknown-key issue is one error per key, named by the key (`unknown-keys.ts`).
 */
export function issueErrors(issues: ReadonlyArray<StandardSchemaV1.Issue>, where: FieldLocation, schema?: StandardSchemaV1): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const split = unknownKeyIssues(issue, schema);
    for (const each of split ?? [issue]) errors.push({ field: issueField(each.path), message: each.message, in: where });
  }
  return errors;
}

/** `['tags', 0, 'name']` (or Valibot's `[{ key: 'tags' }, …]`) → `tags.0.name`; no path → `''`, the value itself. */
export function issueField(path: StandardSchemaV1.Issue['path']): string {
  if (!path) return '';
  let field = '';
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    field = i === 0 ? String(key) : `${field}.${String(key)}`;
  }
  return field;
}
