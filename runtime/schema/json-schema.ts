import { importValibotConverter, requireConverter } from '../peers/schema-generator';
import type { StandardSchemaV1 } from '../core/standard-schema';

/** Which side of a schema a document shows: requests are checked against its input, responses are its output. */
export type SchemaSide = 'input' | 'output';

/** A JSON Schema object, as the generator passes them around. */
export type JsonSchema = { [keyword: string]: unknown };

const TARGET = 'draft-2020-12';

/** Thrown when a schema has no JSON Schema: the message says why and what to install; the caller adds the route. */
export class NoJsonSchemaError extends Error {}

/** How a library's own converter is reached when its schemas do not implement Standard JSON Schema. */
interface LibraryConverter {
  /** The package that converts, loaded from the project with Node's `require` (never a literal import). */
  package: string;
  convert(module: unknown, schema: StandardSchemaV1, side: SchemaSide): JsonSchema;
}

// Valibot's checks (`v.check`, …) have no JSON Schema: they are left out of the document, as Zod's refinements and a
// class-validator DTO's custom constraints are. Transforms end the input side and start the output side.
const VALIBOT_CHECKS = ['check', 'check_items', 'partial_check', 'raw_check'];

const CONVERTERS: Record<string, LibraryConverter> = {
  // Zod 4 before Standard JSON Schema: the core's `toJSONSchema`, which any Zod 4 schema (classic or mini) takes.
  zod: {
    package: 'zod/v4/core',
    convert: (module, schema, side) => named<(schema: unknown, options: object) => JsonSchema>(module, 'toJSONSchema')(schema, { io: side, target: TARGET }),
  },
  valibot: {
    package: '@valibot/to-json-schema',
    convert: (module, schema, side) =>
      named<(schema: unknown, options: object) => JsonSchema>(module, 'toJsonSchema')(schema, {
        target: TARGET,
        typeMode: side,
        errorMode: 'throw',
        ignoreActions: VALIBOT_CHECKS,
      }),
  },
};

/** Converter modules a bundler could carry, by vendor: what `loadConverters` found. */
export type Converters = ReadonlyMap<string, unknown>;

/**
 * Loads, before a document's schemas are described, the converters they need that a bundler can carry
 * (`@valibot/to-json-schema`, imported literally in peers/). Where that import fails (not installed; webpack's empty
 * module), the vendor is left out and `libraryJsonSchema` falls back to Node's `require` from the project.
 */
export async function loadConverters(schemas: Iterable<StandardSchemaV1>, importConverter = importValibotConverter): Promise<Converters> {
  const found = new Map<string, unknown>();
  const wanted = [...schemas].some((schema) => schema['~standard'].vendor === 'valibot' && !schema['~standard'].jsonSchema);
  if (!wanted) return found;
  const module = await importConverter().catch(() => undefined);
  if (typeof (module as { toJsonSchema?: unknown } | undefined)?.toJsonSchema === 'function') found.set('valibot', module);
  return found;
}

function named<T>(module: unknown, name: string): T {
  const namespace = module as Record<string, unknown> & { default?: Record<string, unknown> };
  const found = namespace?.[name] ?? namespace?.default?.[name];
  if (typeof found !== 'function') throw new NoJsonSchemaError(`the loaded module has no ${name} function`);
  return found as T;
}

/**
 * The JSON Schema (2020-12) of one side of a schema, as its library writes it (with its `$defs`): the schema's own
 * Standard JSON Schema (`~standard.jsonSchema`, spec 1.1) where it has one, else its own `toJSONSchema()` (Zod) or
 * `toJsonSchema()` (ArkType) method, else its library's converter: one of `converters` (`loadConverters`), else
 * (`zod/v4/core`, `@valibot/to-json-schema`) required from the project on this first use. Only the document generator calls this: nothing of it runs for a request.
 */
export function libraryJsonSchema(schema: StandardSchemaV1, side: SchemaSide, converters: Converters = new Map()): JsonSchema {
  const standard = schema['~standard'];
  const own = schema as { toJSONSchema?: (options: object) => JsonSchema; toJsonSchema?: () => JsonSchema };
  try {
    if (standard.jsonSchema) return standard.jsonSchema[side]({ target: TARGET });
    if (standard.vendor === 'zod' && typeof own.toJSONSchema === 'function') return own.toJSONSchema({ io: side, target: TARGET });
    if (standard.vendor === 'arktype' && typeof own.toJsonSchema === 'function') return own.toJsonSchema();
  } catch (error) {
    throw new NoJsonSchemaError(`its ${side} has no JSON Schema (${standard.vendor}: ${(error as Error)?.message ?? String(error)})`, { cause: error });
  }
  const converter = CONVERTERS[standard.vendor];
  if (!converter) {
    throw new NoJsonSchemaError(
      `${standard.vendor} schemas implement no Standard JSON Schema (~standard.jsonSchema), and next-app-controllers knows no converter ` +
        `for them. Install a version of ${standard.vendor} that implements Standard JSON Schema, or describe this input with a DTO class`,
    );
  }
  // Node's require keeps what it loaded: asked again, it answers from its cache.
  let module: unknown;
  try {
    module = converters.get(standard.vendor) ?? requireConverter(converter.package);
  } catch (error) {
    throw new NoJsonSchemaError(
      `${standard.vendor} schemas are described by ${converter.package}, and it could not be loaded: npm install ${converter.package.replace(/\/v4\/core$/, '')}`,
      { cause: error },
    );
  }
  try {
    return converter.convert(module, schema, side);
  } catch (error) {
    throw new NoJsonSchemaError(`its ${side} has no JSON Schema (${converter.package}: ${(error as Error)?.message ?? String(error)})`, { cause: error });
  }
}
