import type { InputParameter } from '../decorators/metadata';
import type { RouteDefinition } from '../routing/route-definitions';
import type { Class } from '../types';
import type { ClassSchema } from './schemas';
import type { ParameterObject, SchemaObject } from './types';

/** Does the route take a DTO whose properties are parameters? */
export function hasInputDtos(route: RouteDefinition): boolean {
  return Boolean(route.query?.dto || route.params?.dto || route.headers?.dto);
}

/**
 * The operation's parameters: the route's `:name` segments (from the `@Params` DTO's schema where it declares them,
 * else strings), then one per property of the `@Query` and `@Headers` DTOs, each required unless `@IsOptional()`, its
 * schema the one class-validator-jsonschema makes for the property (the same rules validation applies). Query arrays
 * are sent as repeated keys (`style: form`, `explode: true`), which is how the runtime reads them.
 */
export function describeParameters(route: RouteDefinition, schemaOf: (cls: Class) => ClassSchema): ParameterObject[] {
  const pathSchema = route.params?.dto && propertiesOf(schemaOf(route.params.dto));
  const parameters: ParameterObject[] = [];
  for (const segment of route.segments) {
    if (segment.kind !== 'param') continue;
    const schema = pathSchema?.properties[segment.name] ?? { type: 'string' };
    parameters.push({ name: segment.name, in: 'path', required: true, schema });
  }
  parameters.push(...dtoParameters(route.query, 'query', schemaOf), ...dtoParameters(route.headers, 'header', schemaOf));
  return parameters;
}

function dtoParameters(parameter: InputParameter | undefined, where: 'query' | 'header', schemaOf: (cls: Class) => ClassSchema): ParameterObject[] {
  if (!parameter?.dto) return [];
  const { properties, required } = propertiesOf(schemaOf(parameter.dto));
  return Object.entries(properties).map(([name, schema]) => {
    const entry: ParameterObject = { name, in: where, required: required.has(name), schema };
    if (where === 'query' && schema.type === 'array') Object.assign(entry, { style: 'form', explode: true });
    return entry;
  });
}

function propertiesOf({ schema }: ClassSchema): { properties: Record<string, SchemaObject>; required: Set<string> } {
  return {
    properties: (schema.properties as Record<string, SchemaObject> | undefined) ?? {},
    required: new Set((schema.required as string[] | undefined) ?? []),
  };
}
