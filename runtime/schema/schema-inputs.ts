import type { RouteContext } from '../core/context';
import type { FieldLocation } from '../errors/http-error';
import { assertJsonContentType, decodeUtf8, parseJson, readBody } from '../inputs/body';
import { assertBodyDepth } from '../inputs/body-depth';
import { readForm } from '../inputs/form-body';
import { namedValuesInput } from '../inputs/values';
import { validateWithSchema, type SchemaOutcome } from './schema-validation';
import { schemaKeys } from './schema-keys';
import type { StandardSchemaV1 } from '../core/standard-schema';

// The inputs of `@Body(schema)`, `@Form(schema)`, `@Query(schema)`, `@Params(schema)` and `@Headers(schema)`, read as
// for a DTO and handed to the schema as they arrive: the schema decides what it accepts and how strings are read
// (`z.coerce.number()`). In the validation chunk (rollup.config.mjs), loaded by the invoker on the first request that
// needs it; class-validator is never asked.

export interface SchemaBodyLimits {
  bodyLimit: number;
  bodyDepthLimit: number;
}

/**
 * `@Body(schema)`: the JSON body read under the limits as `readJsonObject` reads it (415, 413, 400), but any JSON value
 * (an array, a string): the schema decides what it accepts. Then validated.
 */
export async function toValidSchemaBody(request: Request, schema: StandardSchemaV1, limits: SchemaBodyLimits): Promise<SchemaOutcome> {
  assertJsonContentType(request);
  const plain = parseJson(decodeUtf8(await readBody(request, limits.bodyLimit)));
  if (typeof plain === 'object' && plain !== null) assertBodyDepth(plain, limits.bodyDepthLimit);
  const outcome = validateWithSchema(schema, plain, 'body');
  // Returned as it is when the schema answered synchronously: an await takes a microtask.
  return outcome instanceof Promise ? await outcome : outcome;
}

/** `@Form(schema)`: the form's fields (strings and `File`s; a repeated name, an array of its values). */
export async function toValidSchemaForm(request: Request, schema: StandardSchemaV1, bodyLimit: number): Promise<SchemaOutcome> {
  const plain = namedValuesInput(await readForm(request, bodyLimit));
  return await validateWithSchema(schema, plain, 'form');
}

/** `@Query(schema)`, `@Params(schema)`, `@Headers(schema)`: the strings of the request, validated. */
export async function toValidSchemaInput(context: RouteContext, schema: StandardSchemaV1, where: Exclude<FieldLocation, 'body' | 'form'>): Promise<SchemaOutcome> {
  const plain = where === 'query' ? namedValuesInput(context.query) : where === 'path' ? pathValues(context, schema) : headerValues(context, schema);
  return await validateWithSchema(schema, plain, where);
}

const keysOf = new WeakMap<StandardSchemaV1, string[] | null>();

/** The schema's keys (see `schemaKeys`), asked once per schema; `null` when it does not say them. */
function knownKeys(schema: StandardSchemaV1): string[] | null {
  let keys = keysOf.get(schema);
  if (keys === undefined) keysOf.set(schema, (keys = schemaKeys(schema) ?? null));
  return keys;
}

/**
 * The route's `:name` segments, as strings: those the schema names where its keys are known (a strict object does
 * not meet a segment it leaves out, as a DTO's `forbidNonWhitelisted` does not), else all of them.
 */
function pathValues(context: RouteContext, schema: StandardSchemaV1): Record<string, string> {
  const keys = knownKeys(schema);
  const plain: Record<string, string> = {};
  for (const name of keys ?? Object.keys(context.params)) if (Object.hasOwn(context.params, name)) plain[name] = context.params[name];
  return plain;
}

/**
 * The headers the schema names (case-insensitively) where its keys are known, else every header by its lower-case
 * name. A repeated header is one string, its values joined by `, ` (as the platform's Headers give it).
 */
function headerValues(context: RouteContext, schema: StandardSchemaV1): Record<string, string> {
  const keys = knownKeys(schema);
  const headers = context.request.headers;
  if (!keys) return Object.fromEntries(headers);
  const plain: Record<string, string> = {};
  for (const name of keys) {
    const value = headers.get(name);
    if (value !== null) plain[name] = value;
  }
  return plain;
}
