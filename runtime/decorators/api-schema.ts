import { classRecord } from './metadata';

/** The options of {@link ApiSchema}. */
export interface ApiSchemaOptions {
  /** The class's component schema name in the OpenAPI document, instead of the class name. */
  name: string;
}

/**
 * Names a DTO class's schema in the OpenAPI document. For classes a factory makes (`Page(PostDto)`): every class it
 * returns has the same JavaScript name, so each needs a schema name of its own, e.g. `` `${item.name}Page` ``. The
 * name is checked when the document is generated (the decorator stays small: it is in what importing the library loads).
 */
export function ApiSchema(options: ApiSchemaOptions): ClassDecorator {
  return (target) => void (classRecord(target).schemaName = options?.name);
}
