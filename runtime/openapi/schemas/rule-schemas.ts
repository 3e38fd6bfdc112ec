import type { PropertyRule } from '../../dto/dto-rules';
import type { SchemaObject } from '../types';

/**
 * Makes a class's generated schema say what runtime/dto/dto-rules.ts enforces, where class-validator-jsonschema says
 * otherwise: an array-typed `@ValidateNested()` is an array of objects (it writes a bare `$ref`, and merges
 * `@ArrayMinSize`'s `type: array` beside it), `@IsInt()` stays `integer` beside `@Min`/`@Max`'s `number`, and an
 * `@IsOptional()` property with no type of its own still refuses `null`, and a `@Nullable()` one accepts it. Required
 * properties are already listed.
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
    if (rule.nullable) property = withNull(property);
    properties[rule.property] = property;
  }
  return schema;
}

function withIntegerType(property: SchemaObject, each: boolean): SchemaObject {
  if (!each) return property.type === 'number' ? { ...property, type: 'integer' } : property;
  const items = property.items as SchemaObject | undefined;
  return items?.type === 'number' ? { ...property, items: { ...items, type: 'integer' } } : property;
}

/**
 * The schema that also accepts `null`: `type` gains `'null'` (and `enum` gains `null`) where that says it; a `$ref` or
 * a combination becomes `anyOf: [schema, { type: 'null' }]`. A schema without `type` already accepts `null`.
 */
export function withNull(schema: SchemaObject): SchemaObject {
  const { type } = schema;
  const combined = ['$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'const'].some((key) => key in schema);
  if (combined || (type !== undefined && typeof type !== 'string' && !Array.isArray(type))) return { anyOf: [schema, { type: 'null' }] };
  const out: SchemaObject = { ...schema };
  if (typeof type === 'string') out.type = [type, 'null'];
  else if (Array.isArray(type) && !type.includes('null')) out.type = [...type, 'null'];
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
  return out;
}
