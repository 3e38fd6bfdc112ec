import { classRecord } from '../../metadata/records';
import type { StandardSchemaV1 } from '../../core/standard-schema';

/** The options of {@link ApiSchema}. */
export interface ApiSchemaOptions {
  /** The class's (or schema's) component schema name in the OpenAPI document, instead of the class name. */
  name: string;
}

/** `ApiSchema`'s decorator: on a class, or called with a Standard Schema, which it returns. */
export interface ApiSchemaDecorator {
  <S extends StandardSchemaV1>(schema: S): S;
  <C extends Function>(target: C): void;
}

/**
 * Names a DTO class's schema in the OpenAPI document. For classes a factory makes (`Page(PostDto)`): every class it
 * returns has the same JavaScript name, so each needs a schema name of its own, e.g. `` `${item.name}Page` ``. The
 * name is checked when the document is generated (the decorator stays small: it is in what importing the library loads).
 *
 * Called with a Standard Schema of any library, it names that schema and returns it:
 * `const Post = ApiSchema({ name: 'Post' })(v.object({ … }))` is the component `Post`, referred to by `$ref`.
 */
export function ApiSchema(options: ApiSchemaOptions): ApiSchemaDecorator {
  // Returns what it names: a class decorator that returns its own class leaves it as it is.
  return ((target: object) => ((classRecord(target).schemaName = options?.name), target)) as ApiSchemaDecorator;
}
