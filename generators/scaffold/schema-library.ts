/**
 * `generate controller|resource --schema <library>`: the schema libraries a feature can be written with, and the
 * packages each needs (Valibot's schemas have no JSON Schema of their own: the document needs its converter).
 */
export const SCHEMA_LIBRARIES = {
  zod: ['zod'],
  valibot: ['valibot', '@valibot/to-json-schema'],
  arktype: ['arktype'],
} as const satisfies Record<string, readonly string[]>;

export type SchemaLibrary = keyof typeof SCHEMA_LIBRARIES;

/** `true`, or the message to print: a pure validator of the `--schema` value (`class-validator`: DTO classes). */
export function validateSchemaLibrary(value: unknown): true | string {
  if (typeof value === 'string' && (Object.hasOwn(SCHEMA_LIBRARIES, value) || value === 'class-validator')) return true;
  const given = typeof value === 'string' && value !== '' ? `"${value}"` : 'no library';
  return (
    `--schema takes zod, valibot, arktype or class-validator (DTO classes), got ${given}. Without --schema the feature ` +
    "follows the project's other features, else is written with class-validator DTO classes."
  );
}
