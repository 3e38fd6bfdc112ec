// The Standard Schema v1 interface (https://standardschema.dev, `@standard-schema/spec` 1.1), written out here as the
// spec invites: the library checks for it at run time without depending on the package, and its types ship in our
// declarations. Zod 4, Valibot 1 and ArkType 2 implement it; ArkType's types are functions.

/** A schema of any library that implements Standard Schema v1: `@Body(schema)` validates with its `~standard.validate`. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  /** What a Standard Schema's `~standard` property holds. */
  interface Props<Input = unknown, Output = Input> {
    /** The spec's version. */
    readonly version: 1;
    /** The library's name: `zod`, `valibot`, `arktype`. */
    readonly vendor: string;
    /** Validates a value: its output, or the issues that refuse it. */
    readonly validate: (value: unknown, options?: { readonly libraryOptions?: Record<string, unknown> }) => Result<Output> | Promise<Result<Output>>;
    /** The input and output types, for inference only. */
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
    /** Standard JSON Schema (spec 1.1), where the library implements it. */
    readonly jsonSchema?: JsonSchemaConverter;
  }
  /** What `validate` answers: the output value, or the issues. */
  type Result<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<Issue> };
  /** One reason a value is refused. */
  interface Issue {
    /** The schema library's message. */
    readonly message: string;
    /** Where in the value: keys and indexes from the root. */
    readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
  }
  /** Standard JSON Schema's converter: the JSON Schema of the schema's input or output. May throw. */
  interface JsonSchemaConverter {
    /** The JSON Schema of what the schema accepts. */
    readonly input: (options: JsonSchemaOptions) => Record<string, unknown>;
    /** The JSON Schema of what the schema outputs. */
    readonly output: (options: JsonSchemaOptions) => Record<string, unknown>;
  }
  /** The options of a JSON Schema conversion. */
  interface JsonSchemaOptions {
    /** The JSON Schema dialect wanted. */
    readonly target: 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | ({} & string);
    /** Options of the schema's library. */
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  /** The type a schema accepts. */
  type InferInput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['input'];
  /** The type a schema outputs. */
  type InferOutput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['output'];
}

/** Whether `value` is a Standard Schema. Asked before "is it a class?": an ArkType type is a function too. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  return typeof (value as StandardSchemaV1 | undefined)?.['~standard']?.validate === 'function';
}
