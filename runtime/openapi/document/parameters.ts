import type { InputParameter } from '../../metadata/records';
import type { RouteDefinition } from '../../routing/route-definitions';
import { withPageParameters } from '../features/pagination';
import type { ParameterObject, SchemaObject } from '../types';

/** Where the properties of a `@Query`, `@Params` or `@Headers` input go. */
export type ParameterPlace = 'query' | 'path' | 'header';

/** An input's object schema, as parameters read it: its properties and the required ones. */
export interface InputProperties {
  properties: Record<string, SchemaObject>;
  required: Set<string>;
}

/** The object schema of a route's input: from its DTO class's schema, or from its schema's input side. */
export type InputPropertiesOf = (parameter: InputParameter, place: ParameterPlace) => InputProperties;

/** Does the route take a DTO or schema whose properties are parameters? */
export function hasInputs(route: RouteDefinition): boolean {
  return Boolean(route.query || route.params || route.headers);
}

/** Does it take such a DTO class (whose schema class-validator-jsonschema makes)? */
export function hasInputDtos(route: RouteDefinition): boolean {
  return Boolean(route.query?.dto || route.params?.dto || route.headers?.dto);
}

/**
 * The operation's parameters: the route's `:name` segments (from the `@Params` DTO's or schema's properties where it
 * declares them, else strings), then one per property of the `@Query` and `@Headers` DTOs and schemas, each required
 * unless optional, its schema the property's (for a DTO, the one class-validator-jsonschema makes: the same rules
 * validation applies; for a schema, its input side). Query arrays are sent as repeated keys (`style: form`,
 * `explode: true`), which is how the runtime reads them.
 */
export function describeParameters(route: RouteDefinition, propertiesOf: InputPropertiesOf): ParameterObject[] {
  const pathSchema = route.params && propertiesOf(route.params, 'path');
  const parameters: ParameterObject[] = [];
  for (const segment of route.segments) {
    if (segment.kind !== 'param') continue;
    const schema = pathSchema?.properties[segment.name] ?? { type: 'string' };
    parameters.push({ name: segment.name, in: 'path', required: true, schema });
  }
  parameters.push(...inputParameters(route.query, 'query', propertiesOf), ...inputParameters(route.headers, 'header', propertiesOf));
  return route.paginated ? withPageParameters(route, parameters) : parameters;
}

function inputParameters(parameter: InputParameter | undefined, where: 'query' | 'header', propertiesOf: InputPropertiesOf): ParameterObject[] {
  if (!parameter) return [];
  const { properties, required } = propertiesOf(parameter, where);
  return Object.entries(properties).map(([name, schema]) => {
    const entry: ParameterObject = { name, in: where, required: required.has(name), schema };
    if (where === 'query' && schema.type === 'array') Object.assign(entry, { style: 'form', explode: true });
    return entry;
  });
}

/** The properties and required names of an object schema. */
export function objectProperties(schema: SchemaObject): InputProperties {
  return {
    properties: (schema.properties as Record<string, SchemaObject> | undefined) ?? {},
    required: new Set((schema.required as string[] | undefined) ?? []),
  };
}
