import { assertLegacyDecorator } from './legacy';
import { setSchemaName } from './metadata';

export interface ApiSchemaOptions {
  /** The class's component schema name in the OpenAPI document, instead of the class name. */
  name: string;
}

/**
 * Names a DTO class's schema in the OpenAPI document. For classes a factory makes (`Page(PostDto)`): every class
 * it returns has the same JavaScript name, so each needs a schema name of its own, e.g. `` `${item.name}Page` ``.
 */
export function ApiSchema(options: ApiSchemaOptions): ClassDecorator {
  const name = options?.name;
  if (typeof name !== 'string' || !/^[A-Za-z0-9._-]+$/.test(name)) {
    throw new TypeError(`@ApiSchema({ name }) needs a component name of letters, digits, '.', '_' or '-', got ${JSON.stringify(name)}.`);
  }
  return ((target: Function, context?: unknown) => {
    assertLegacyDecorator('ApiSchema', context);
    setSchemaName(target, name);
  }) as ClassDecorator;
}
