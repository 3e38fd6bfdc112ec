import type { PropertyRule } from '../validation/dto-rules';
import type { SchemaObject } from './types';

/**
 * Makes a class's generated schema say what runtime/validation/dto-rules.ts enforces, where class-validator-jsonschema says
 * otherwise: an array-typed `@ValidateNested()` is an array of objects (it writes a bare `$ref`, and merges
 * `@ArrayMinSize`'s `type: array` beside it), `@IsInt()` stays `integer` beside `@Min`/`@Max`'s `number`, and an
 * `@IsOptional()` property with no type of its own still refuses `null`. Required properties are already listed.
 */
export function applyDtoRules(schema: SchemaObject, rules: readonly PropertyRule[]): SchemaObject {
  const properties = schema.properties as Record<string, SchemaObject> | undefined;
  if (!properties) return schema;
  for (const rule of rules) {
    let property = properties[rule.property];
    if (!property) continue;
    if (rule.shape === 'objects' && typeof property.$ref === 'string') {
      const { $ref, items: _items, ...rest } = property;
      property = { ...rest, type: 'array', items: { $ref } };
    }
    if (rule.integer) property = withIntegerType(property, rule.shape === 'array');
    if (rule.refusesNull && property.type === undefined && property.$ref === undefined) property = { ...property, not: { type: 'null' } };
    properties[rule.property] = property;
  }
  return schema;
}

function withIntegerType(property: SchemaObject, each: boolean): SchemaObject {
  if (!each) return property.type === 'number' ? { ...property, type: 'integer' } : property;
  const items = property.items as SchemaObject | undefined;
  return items?.type === 'number' ? { ...property, items: { ...items, type: 'integer' } } : property;
}
