// The Standard Schema v1 interface (https://standardschema.dev, `@standard-schema/spec` 1.1), written out here as the
// spec invites: the library checks for it at run time without depending on the package, and its types ship in our
// declarations. Zod 4, Valibot 1 and ArkType 2 implement it; ArkType's types are functions.

/** A schema of any library that implements Standard Schema v1: `@Body(schema)` validates with its `~standard.validate`. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    /** The library's name: `zod`, `valibot`, `arktype`. */
    readonly vendor: string;
    readonly validate: (value: unknown, options?: { readonly libraryOptions?: Record<string, unknown> }) => Result<Output> | Promise<Result<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
    /** Standard JSON Schema (spec 1.1), where the library implements it. */
    readonly jsonSchema?: JsonSchemaConverter;
  }
  type Result<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<Issue> };
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
  }
  /** Standard JSON Schema's converter: the JSON Schema of the schema's input or output. May throw. */
  interface JsonSchemaConverter {
    readonly input: (options: JsonSchemaOptions) => Record<string, unknown>;
    readonly output: (options: JsonSchemaOptions) => Record<string, unknown>;
  }
  interface JsonSchemaOptions {
    readonly target: 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | ({} & string);
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  type InferInput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['input'];
  type InferOutput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['output'];
}

/** Whether `value` is a Standard Schema. Asked before "is it a class?": an ArkType type is a function too. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  return typeof (value as StandardSchemaV1 | undefined)?.['~standard']?.validate === 'function';
}
