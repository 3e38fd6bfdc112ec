import { describeSchema, schemaName } from './schema-name';
import { libraryJsonSchema, NoJsonSchemaError, type Converters, type JsonSchema, type SchemaSide } from './json-schema';
import type { StandardSchemaV1 } from '../core/standard-schema';

export const COMPONENT_REF = '#/components/schemas/';

/** One place the document shows a schema: a request input (its input side) or a response (its output side). */
export interface SchemaUse {
  schema: StandardSchemaV1;
  side: SchemaSide;
  /** `the @Body schema of POST /api/items (ItemsController.create)`, for errors. */
  where: string;
  /** What the library's unnamed `$defs` (of recursive schemas) are named after: `ItemsController_create_body`. */
  context: string;
}

/** The schemas of a document, once every use is known. */
export interface SchemaDocument {
  /** The JSON Schema placed for a use: a `$ref` to its component when the schema has a name, else inline. */
  schemaOf(use: SchemaUse): JsonSchema;
  /** `schema` itself, or the component its top-level `$ref` names: an input's properties are its parameters. */
  resolve(schema: JsonSchema): JsonSchema;
  /** The component schemas the uses refer to, by name. */
  components: Record<string, JsonSchema>;
}

/** One side of a schema as its library converted it: the root, and its `$defs` under the names the document uses. */
interface Converted {
  root: JsonSchema;
  defs: Map<string, JsonSchema>;
}

interface Variant {
  side: SchemaSide;
  json: JsonSchema;
  where: string;
}

const LOCAL_REF = /^#\/(\$defs|definitions)\/(.+)$/;
// What libraries call the `$defs` they make up: Zod's `__schema0`, Valibot's `0`.
const MADE_UP_NAME = /^(__schema\d+|\d+)$/;
const VALID_NAME = /^[\w.-]+$/;

const conversions = new WeakMap<StandardSchemaV1, Partial<Record<SchemaSide, JsonSchema>>>();

function converted(use: SchemaUse, converters: Converters): JsonSchema {
  let sides = conversions.get(use.schema);
  if (!sides) conversions.set(use.schema, (sides = {}));
  let json = sides[use.side];
  if (!json) {
    try {
      json = libraryJsonSchema(use.schema, use.side, converters);
    } catch (error) {
      if (!(error instanceof NoJsonSchemaError)) throw error;
      throw new Error(`generateOpenApiDocument: ${use.where} is ${describeSchema(use.schema)}, which cannot be documented: ${error.message}.`, { cause: error });
    }
    sides[use.side] = json;
  }
  return json;
}

/**
 * Turns every use's schema into the document's JSON Schema: the library's `$defs` and every named schema
 * (`ApiSchema({ name })(schema)`, Zod's `.meta({ id })`) become `components.schemas` entries referred to by `$ref`.
 * A name whose input and output sides differ (Zod closes an output object; a transform changes the type) is two
 * components: `Name` (the output, what responses send) and `NameInput` (what requests send). Two different schemas
 * under one name throw, naming where each is used; so does a name `taken` already (a DTO class, the error schemas).
 */
export function describeSchemas(uses: readonly SchemaUse[], taken: ReadonlySet<string>, converters: Converters = new Map()): SchemaDocument {
  const variants = new Map<string, Variant[]>();
  const owners = new Map<string, { schema: StandardSchemaV1; where: string }>();
  const roots = new Map<SchemaUse, Converted>();
  for (const use of uses) {
    const name = schemaName(use.schema);
    if (name !== undefined) {
      if (!VALID_NAME.test(name)) throw new Error(`generateOpenApiDocument: ${use.where} is named ${JSON.stringify(name)}; a schema name has letters, digits, '.', '_' or '-'.`);
      const owner = owners.get(name);
      if (owner && owner.schema !== use.schema) throw sameName(name, owner.where, use.where);
      owners.set(name, { schema: use.schema, where: use.where });
    }
    const local = localised(converted(use, converters), name, use.context);
    roots.set(use, local);
    for (const [defName, json] of local.defs) {
      let list = variants.get(defName);
      if (!list) variants.set(defName, (list = []));
      const same = list.find((variant) => variant.side === use.side);
      if (same && !sameJson(same.json, json)) throw sameName(defName, same.where, use.where);
      if (!same) list.push({ side: use.side, json, where: use.where });
    }
  }

  // A name is two components when its sides differ, or refer to a name whose sides differ.
  const differs = new Set<string>();
  for (const [name, list] of variants) {
    const [a, b] = list;
    if (b && !sameJson(a.json, b.json)) differs.add(name);
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, list] of variants) {
      if (differs.has(name) || list.length < 2) continue;
      if (localRefs(list[0].json).some((ref) => differs.has(ref))) {
        differs.add(name);
        grew = true;
      }
    }
  }
  const finalName = (name: string, side: SchemaSide) => (side === 'input' && differs.has(name) ? `${name}Input` : name);

  const all: Record<string, JsonSchema> = {};
  const from = new Map<string, string>();
  for (const [name, list] of variants) {
    for (const variant of list) {
      const documented = finalName(name, variant.side);
      const other = from.get(documented);
      if ((other !== undefined && other !== name) || taken.has(documented)) {
        throw new Error(
          `generateOpenApiDocument: ${variant.where} is documented as ${documented}, a name ${other !== undefined ? `the schema ${other} also takes (its input side)` : 'a DTO class or an error schema of the document already has'}. Rename one of them.`,
        );
      }
      from.set(documented, name);
      all[documented] = rewritten(variant.json, variant.side, finalName) as JsonSchema;
    }
  }

  const placed = new Map<SchemaUse, JsonSchema>();
  const reached = new Set<string>();
  const reach = (json: unknown) => {
    for (const ref of componentRefs(json)) {
      if (reached.has(ref)) continue;
      reached.add(ref);
      reach(all[ref]);
    }
  };
  for (const [use, local] of roots) {
    const json = rewritten(local.root, use.side, finalName) as JsonSchema;
    placed.set(use, json);
    reach(json);
  }
  const components: Record<string, JsonSchema> = {};
  for (const name of [...reached].sort()) components[name] = all[name];
  return {
    schemaOf: (use) => placed.get(use)!,
    resolve: (schema) => {
      const ref = schema.$ref;
      return typeof ref === 'string' && ref.startsWith(COMPONENT_REF) && Object.keys(schema).length === 1 ? (all[ref.slice(COMPONENT_REF.length)] ?? schema) : schema;
    },
    components,
  };
}

function sameName(name: string, first: string, second: string): Error {
  return new Error(
    `generateOpenApiDocument: two different schemas are both documented as ${name}: ${first} and ${second}. OpenAPI component names ` +
      'must be unique: give one of them another name (ApiSchema({ name })(schema), or Zod\'s .meta({ id })).',
  );
}

/**
 * The library's JSON Schema with its `$defs` taken out and named as the document names them: a made-up name is
 * prefixed with the schema's name (or `context`), and a named schema's root becomes the def of its name (Zod already
 * writes `{ $ref: '#/$defs/<id>' }`). Refs stay local (`#/$defs/<name>`) until the final names are known.
 */
function localised(json: JsonSchema, name: string | undefined, context: string): Converted {
  const { $schema: _schema, $defs, definitions, ...rest } = json;
  const defined = { ...(definitions as Record<string, JsonSchema> | undefined), ...($defs as Record<string, JsonSchema> | undefined) };
  const renames = new Map<string, string>();
  for (const defName of Object.keys(defined)) if (MADE_UP_NAME.test(defName)) renames.set(defName, `${name ?? context}_${defName.replace(/^_+/, '')}`);
  let root: JsonSchema = rest;
  const rootRef = typeof root.$ref === 'string' && Object.keys(root).length === 1 ? LOCAL_REF.exec(root.$ref)?.[2] : undefined;
  let rootName = name;
  if (rootRef !== undefined && name !== undefined && rootRef !== name) renames.set(rootRef, name);
  // A root that refers to itself (`$ref: '#'`) is a def too, named after the schema or its context.
  if (rootName === undefined && rootRef === undefined && componentRefs(root, true).includes('#')) rootName = context;
  const defs = new Map<string, JsonSchema>();
  const local = (ref: string) => {
    if (ref === '#') return `#/$defs/${rootName}`;
    const found = LOCAL_REF.exec(ref)?.[2];
    return found === undefined ? ref : `#/$defs/${renames.get(found) ?? found}`;
  };
  for (const [defName, def] of Object.entries(defined)) defs.set(renames.get(defName) ?? defName, mapRefs(def, local) as JsonSchema);
  root = mapRefs(root, local) as JsonSchema;
  if (rootName !== undefined && rootRef === undefined) {
    defs.set(rootName, root);
    root = { $ref: `#/$defs/${rootName}` };
  }
  return { root, defs };
}

function rewritten(json: unknown, side: SchemaSide, finalName: (name: string, side: SchemaSide) => string): unknown {
  return mapRefs(json, (ref) => {
    const found = LOCAL_REF.exec(ref)?.[2];
    return found === undefined ? ref : `${COMPONENT_REF}${finalName(found, side)}`;
  });
}

/** A copy of `json` with every `$ref` string passed through `map`. */
function mapRefs(json: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(json)) return json.map((item) => mapRefs(item, map));
  if (json === null || typeof json !== 'object') return json;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(json)) out[key] = key === '$ref' && typeof value === 'string' ? map(value) : mapRefs(value, map);
  return out;
}

/** The names of the local defs `json` refers to. */
function localRefs(json: unknown): string[] {
  return componentRefs(json, true).flatMap((ref) => {
    const found = LOCAL_REF.exec(ref)?.[2];
    return found === undefined ? [] : [found];
  });
}

/** The component names `json` refers to (`raw`: every `$ref` as written). */
function componentRefs(json: unknown, raw = false): string[] {
  const refs: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          if (raw) refs.push(value);
          else if (value.startsWith(COMPONENT_REF)) refs.push(value.slice(COMPONENT_REF.length));
        } else walk(value);
      }
    }
  };
  walk(json);
  return refs;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
