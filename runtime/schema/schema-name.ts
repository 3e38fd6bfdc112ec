import { findClassRecord } from '../metadata/records';
import type { StandardSchemaV1 } from '../core/standard-schema';

/**
 * The name a schema is documented under, when it has one: `ApiSchema({ name })(schema)` (any library), else Zod's
 * `.meta({ id })` (read through the schema's own `.meta()`, without importing Zod).
 */
export function schemaName(schema: StandardSchemaV1): string | undefined {
  const given = findClassRecord(schema)?.schemaName;
  if (given !== undefined) return given;
  const meta = (schema as { meta?: unknown }).meta;
  if (schema['~standard'].vendor !== 'zod' || typeof meta !== 'function') return undefined;
  const id = (meta.call(schema) as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** How an error names a schema: its name, else `a zod schema`. */
export function describeSchema(schema: StandardSchemaV1): string {
  return schemaName(schema) ?? `a ${schema['~standard'].vendor} schema`;
}
