import { getMetadataStorage } from 'class-validator';
import { designType, propertyRules, type RuleMetadata } from '../../dto/dto-rules';
import { BINARY_SCHEMA, isBinaryClass, isPlatformClass } from './platform-types';
import { namedExport } from '../../peers/interop';
import { importSchemaGenerator } from '../../peers/schema-generator';
import type { Class } from '../../types';
import { combinedStorage, loadTransformerStorages, type DiscriminatorOptions, type TransformerStorage } from '../../dto/transformer-storage';
import { findClassRecord } from '../../metadata/records';
import { documentedName } from './names';
import { applyDtoRules } from './rule-schemas';
import type { SchemaObject } from '../types';

export const SCHEMA_REF_PREFIX = '#/components/schemas/';

interface ValidationStorage {
  getTargetValidationMetadatas(target: Function, targetSchema: string, always: boolean, strictGroups: boolean): RuleMetadata[];
}

/** What schema generation needs from the optional peers, loaded on first use. Injectable for tests. */
export interface SchemaTools {
  /** class-validator-jsonschema's `targetConstructorToSchema`. */
  targetConstructorToSchema(target: Function, options: object): SchemaObject;
  /** class-validator's metadata storage (one per process: class-validator keeps it on `globalThis`). */
  validationStorage: ValidationStorage;
  /** Every copy of class-transformer's metadata storage that could be loaded; see `loadTransformerStorages`. */
  transformerStorages: TransformerStorage[];
}

export type SchemaToolsLoader = () => Promise<SchemaTools>;

/** `load`, called once and remembered; a failed load is forgotten (so a later call tries again) and says what to install. */
export function memoizedSchemaTools(load: SchemaToolsLoader): () => Promise<SchemaTools> {
  let tools: Promise<SchemaTools> | undefined;
  return () =>
    (tools ??= load().catch((cause: unknown) => {
      tools = undefined;
      throw new Error(
        'generateOpenApiDocument needs class-validator-jsonschema to describe @Body and @ApiResponse DTO classes, and it could ' +
          'not be loaded: npm install class-validator-jsonschema',
        { cause },
      );
    }));
}

export async function loadSchemaTools(): Promise<SchemaTools> {
  // class-validator-jsonschema reads the one class-validator storage (kept on globalThis), and it is handed
  // class-transformer's storages below.
  const [jsonschema, transformerStorages] = await Promise.all([importSchemaGenerator(), loadTransformerStorages()]);
  return {
    targetConstructorToSchema: namedExport<SchemaTools['targetConstructorToSchema']>(jsonschema, 'targetConstructorToSchema')!,
    validationStorage: getMetadataStorage() as unknown as ValidationStorage,
    transformerStorages,
  };
}

// `@IsFile`: a file part, as OpenAPI describes an upload (Swagger UI shows a file picker for it); with `{ each: true }`
// class-validator-jsonschema makes it an array of them.
const FILE_CONVERTERS = { isFile: { type: 'string', format: 'binary' } };

export interface ClassSchema {
  name: string;
  schema: SchemaObject;
  nested: Class[];
  /** Subtypes of a discriminated `@Type` this class nests: each one's schema must hold the discriminator property. */
  tagged: { cls: Class; property: string; value: string }[];
}

/** Schemas already made, by class. A class's decorators have all run once its module has been evaluated, so its schema never changes afterwards. */
export type SchemaCache = WeakMap<Class, ClassSchema>;

const warned = new Set<string>();

/** The schema of one class, made once per cache: what `@Query`, `@Params` and `@Headers` DTOs are documented from. */
export function classSchema(cls: Class, loaded: SchemaTools, cache: SchemaCache): ClassSchema {
  let entry = cache.get(cls);
  if (!entry) cache.set(cls, (entry = describeClass(cls, loaded, combinedStorage(loaded.transformerStorages))));
  return entry;
}

/** Component schemas for the given DTO classes and every DTO they nest, sorted by name. */
export function buildSchemas(roots: Iterable<Class>, loaded: SchemaTools, cache: SchemaCache = new WeakMap()): Record<string, SchemaObject> {
  const transformer = combinedStorage(loaded.transformerStorages);
  const byName = new Map<string, Class>();
  const queue = [...roots];
  for (let i = 0; i < queue.length; i++) {
    const cls = queue[i];
    let entry = cache.get(cls);
    if (!entry) {
      entry = describeClass(cls, loaded, transformer);
      cache.set(cls, entry);
    }
    const other = byName.get(entry.name);
    if (other === cls) continue;
    if (other) {
      throw new Error(
        `generateOpenApiDocument: two different DTO classes are both documented as ${entry.name}: ${describeNaming(other)} and ` +
          `${describeNaming(cls)}. OpenAPI component names must be unique: rename one of them, or give it @ApiSchema({ name }).`,
      );
    }
    byName.set(entry.name, cls);
    queue.push(...entry.nested);
  }
  const schemas: Record<string, SchemaObject> = {};
  for (const name of [...byName.keys()].sort()) schemas[name] = cache.get(byName.get(name)!)!.schema;
  // A discriminated subtype always carries its discriminator (the response contract sends it): say so where the
  // class itself does not declare the property.
  for (const cls of byName.values()) {
    for (const tag of cache.get(cls)!.tagged) {
      const name = cache.get(tag.cls)!.name;
      const schema = schemas[name];
      const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
      if (properties[tag.property]) continue;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      schemas[name] = { ...schema, properties: { [tag.property]: { type: 'string', const: tag.value }, ...properties }, required: [tag.property, ...required] };
    }
  }
  return schemas;
}

function describeNaming(cls: Class): string {
  const given = findClassRecord(cls)?.schemaName;
  return given === undefined ? `class ${cls.name}` : `class ${cls.name} (@ApiSchema({ name: ${JSON.stringify(given)} }))`;
}

function describeClass(cls: Class, loaded: SchemaTools, transformer: TransformerStorage): ClassSchema {
  const name = documentedName(cls, 'DTO class');
  const generated = loaded.targetConstructorToSchema(cls, {
    refPointerPrefix: SCHEMA_REF_PREFIX,
    classTransformerMetadataStorage: transformer,
    additionalConverters: FILE_CONVERTERS,
  });
  // The classes this one refers to, by the name class-validator-jsonschema put in its `$ref`s (the JavaScript name).
  const referenced = new Map<string, Class>();
  // `File` and `Blob` properties: class-validator-jsonschema's `$ref`s to them are binary parts, inline.
  const binary = new Set<string>();
  const unions = new Map<string, DiscriminatorOptions>();
  for (const meta of loaded.validationStorage.getTargetValidationMetadatas(cls, '', true, false)) {
    if (typeof meta.target !== 'function') continue;
    const typeMetadata = transformer.findTypeMetadata(meta.target, meta.propertyName);
    const candidates = [typeMetadata?.typeFunction(), designType(meta.target, meta.propertyName)];
    for (const candidate of candidates) {
      if (isBinaryClass(candidate)) binary.add(candidate.name);
      else if (isUserClass(candidate) && !isPlatformClass(candidate)) referenced.set(candidate.name, candidate);
    }
    const discriminator = typeMetadata?.options?.discriminator;
    if (meta.type === 'nestedValidation' && discriminator?.property && Array.isArray(discriminator.subTypes)) unions.set(meta.propertyName, discriminator);
  }
  const schema = applyDtoRules(resolveRefs(generated, referenced, name, binary), propertyRules(cls, loaded.validationStorage));
  if (schema.type === undefined && schema.properties === undefined) schema.type = 'object';
  const nested = new Set(referenced.values());
  const tagged: ClassSchema['tagged'] = [];
  const properties = schema.properties as Record<string, SchemaObject> | undefined;
  for (const [property, { property: propertyName, subTypes }] of unions) {
    if (!properties?.[property]) continue;
    const mapping: Record<string, string> = {};
    for (const subType of subTypes) {
      mapping[subType.name] = `${SCHEMA_REF_PREFIX}${documentedName(subType.value, 'DTO class')}`;
      nested.add(subType.value as Class);
      tagged.push({ cls: subType.value as Class, property: propertyName, value: subType.name });
    }
    const union = { oneOf: Object.values(mapping).map(($ref) => ({ $ref })), discriminator: { propertyName, mapping } };
    const { $ref: _ref, items, ...rest } = properties[property];
    properties[property] = rest.type === 'array' || items !== undefined ? { ...rest, type: 'array', items: union } : { ...rest, ...union };
  }
  return { name, schema, nested: [...nested], tagged };
}

function isUserClass(value: unknown): value is Class {
  return typeof value === 'function' && value.prototype !== undefined && !Function.prototype.toString.call(value).includes('[native code]');
}

/**
 * Copies the schema, keeping `$ref`s to classes we know and replacing the ones class-validator-jsonschema made from a
 * bare `design:type` (`Array`, `Object`: an `@ValidateNested()` without `@Type(() => Dto)`) with a plain object schema.
 */
function resolveRefs(node: unknown, referenced: Map<string, Class>, owner: string, binary: ReadonlySet<string>): SchemaObject {
  const copy = (value: unknown, path: string): unknown => {
    if (Array.isArray(value)) return value.map((item, index) => copy(item, `${path}.${index}`));
    if (value === null || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    const ref = object.$ref;
    const target = typeof ref === 'string' && ref.startsWith(SCHEMA_REF_PREFIX) ? referenced.get(ref.slice(SCHEMA_REF_PREFIX.length)) : undefined;
    if (target) return { ...object, $ref: `${SCHEMA_REF_PREFIX}${documentedName(target, 'DTO class')}` };
    if (typeof ref === 'string' && binary.has(ref.slice(SCHEMA_REF_PREFIX.length))) {
      const { $ref: _ref, ...rest } = object;
      return { ...rest, ...BINARY_SCHEMA };
    }
    if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF_PREFIX)) {
      warnOnce(
        `${owner}${path}`,
        `next-app-controllers: ${owner}${path.replace(/\.(properties|items)/g, '')} is validated as a nested object but its class is ` +
          'unknown, so the OpenAPI document describes it as a plain object. Add @Type(() => ItsDto) from class-transformer ' +
          '(the runtime needs it too, to validate the nested object).',
      );
      return { type: 'object' };
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(object)) out[key] = copy(object[key], `${path}.${key}`);
    return out;
  };
  return copy(node, '') as SchemaObject;
}

function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(message);
}
