import type { FieldError, FieldLocation } from '../errors/http-error';
import type { StandardSchemaV1 } from './standard-schema';

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
    ? (result as Promise<StandardSchemaV1.Result<unknown>>).then((settled) => outcome(settled, where))
    : outcome(result as StandardSchemaV1.Result<unknown>, where);
}

function outcome(result: StandardSchemaV1.Result<unknown>, where: FieldLocation): SchemaOutcome {
  if (!result.issues) return { ok: true, value: (result as { value: unknown }).value };
  return { ok: false, errors: issueErrors(result.issues, where) };
}

/** The issues as field errors: `field` the issue's path joined with `.` (array indexes included), `message` the library's. */
export function issueErrors(issues: ReadonlyArray<StandardSchemaV1.Issue>, where: FieldLocation): FieldError[] {
  const errors: FieldError[] = new Array(issues.length);
  for (let i = 0; i < issues.length; i++) errors[i] = { field: issueField(issues[i].path), message: issues[i].message, in: where };
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
