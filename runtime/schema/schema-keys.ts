import type { StandardSchemaV1 } from '../core/standard-schema';

type Described = StandardSchemaV1 & { shape?: object; entries?: object };

/**
 * The keys of an object schema, read without its library: Zod's `shape`, Valibot's `entries`, else the `properties`
 * of its Standard JSON Schema (ArkType). Undefined when the schema does not say (another shape, a library without
 * either): then every key is taken as it comes. In what importing the library loads (`createApplication` checks a
 * `@Params` schema's keys against its route): one expression, whose every failure means "unknown".
 */
export function schemaKeys(schema: Described): string[] | undefined {
  try {
    return Object.keys(schema.shape ?? schema.entries ?? schema['~standard'].jsonSchema!.input({ target: 'draft-2020-12' }).properties!);
  } catch {
    return undefined;
  }
}
