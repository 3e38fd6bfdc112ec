import Ajv2020 from 'ajv/dist/2020.js';
import { type, type Type } from 'arktype';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as v from 'valibot';
import * as z from 'zod';
import { Body, Controller, Post, createApplication, generateOpenApiDocument, type StandardSchemaV1 } from '../../runtime/index';
import { assertBothVerdictsCommon, assertSameVerdicts, type Verdicts } from './verdicts';

/**
 * The property of issue 15, for schemas (issue 34): for random Zod, Valibot and ArkType object schemas (nested objects,
 * arrays, enums, optional and nullable fields, unions and discriminated unions) and random bodies, ajv judging a body
 * against the document's request body schema and the library's validation through app.handle give the same verdict.
 * Seeded: a failure prints its seed and path, and `SEED=<n>` replays another run (`DEBUG=1` prints the disagreement,
 * which fast-check's report leaves out).
 *
 * Known limit, found by this test: Valibot's `v.object` and ArkType's object types take an array for an object whose
 * every key is optional (an array is an object to them, with none of the keys), where JSON Schema's `type: 'object'`
 * refuses it. Their shapes here keep one key of each object required; Zod's shapes have no such rule.
 */

type Kind = 'string' | 'int' | 'number' | 'boolean' | 'enum' | 'strings' | 'union' | 'tagged' | 'nested' | 'nestedArray';

interface PropSpec {
  kind: Kind;
  optional: boolean;
  nullable: boolean;
  low?: number;
  high?: number;
  nested?: ObjectSpec;
}

interface ObjectSpec {
  props: PropSpec[];
}

const COLORS = ['red', 'green'] as const;
const NAMES = ['a', 'b', 'c', 'd', 'e'];

// ---------- random object shapes ----------

const bound = fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined });

function propArb(nested: fc.Arbitrary<ObjectSpec> | undefined): fc.Arbitrary<PropSpec> {
  const kinds: Kind[] = ['string', 'int', 'number', 'boolean', 'enum', 'strings', 'union', 'tagged', ...(nested ? (['nested', 'nestedArray'] as Kind[]) : [])];
  return fc.record({
    kind: fc.constantFrom(...kinds),
    optional: fc.boolean(),
    nullable: fc.boolean(),
    low: bound,
    high: bound,
    nested: nested ?? fc.constant(undefined),
  }) as fc.Arbitrary<PropSpec>;
}

const leafSpec: fc.Arbitrary<ObjectSpec> = fc.record({ props: fc.array(propArb(undefined), { minLength: 1, maxLength: 4 }) });
const middleSpec: fc.Arbitrary<ObjectSpec> = fc.record({ props: fc.array(propArb(leafSpec), { minLength: 1, maxLength: 4 }) });
const rootSpec: fc.Arbitrary<ObjectSpec> = fc.record({ props: fc.array(propArb(middleSpec), { minLength: 1, maxLength: 5 }) });

/** low ≤ high, so a shape always has valid bodies. */
function range(prop: PropSpec): { low?: number; high?: number } {
  if (prop.low !== undefined && prop.high !== undefined && prop.low > prop.high) return { low: prop.high, high: prop.low };
  return { low: prop.low, high: prop.high };
}

// ---------- the same shape in each library, written as a user would ----------

interface Library {
  object(spec: ObjectSpec): StandardSchemaV1;
  /** The shapes this library is held to (see the known limit above). */
  shape?(spec: ObjectSpec): ObjectSpec;
}

/** The spec with the first key of every object required: the shapes on which Valibot and ArkType refuse an array. */
function withRequiredKey(spec: ObjectSpec): ObjectSpec {
  return {
    props: spec.props.map((prop, index) => ({
      ...prop,
      optional: index === 0 ? false : prop.optional,
      nested: prop.nested && withRequiredKey(prop.nested),
    })),
  };
}

const zodLibrary: Library = {
  object(spec) {
    return z.object(Object.fromEntries(spec.props.map((prop, index) => [NAMES[index], zodProp(prop)])));
  },
};

function zodProp(prop: PropSpec): z.ZodType {
  const { low, high } = range(prop);
  let schema: z.ZodType;
  switch (prop.kind) {
    case 'string': {
      let string = z.string();
      if (low !== undefined) string = string.min(low);
      if (high !== undefined) string = string.max(high);
      schema = string;
      break;
    }
    case 'int':
    case 'number': {
      let number = prop.kind === 'int' ? z.number().int() : z.number();
      if (low !== undefined) number = number.min(low);
      if (high !== undefined) number = number.max(high);
      schema = number;
      break;
    }
    case 'boolean':
      schema = z.boolean();
      break;
    case 'enum':
      schema = z.enum(COLORS);
      break;
    case 'strings': {
      let array = z.array(high === undefined ? z.string() : z.string().max(high));
      if (low !== undefined) array = array.min(low);
      schema = array;
      break;
    }
    case 'union':
      schema = z.union([z.string(), z.number()]);
      break;
    case 'tagged':
      schema = z.discriminatedUnion('kind', [z.object({ kind: z.literal('text'), text: z.string() }), z.object({ kind: z.literal('count'), count: z.number().int() })]);
      break;
    case 'nested':
      schema = zodLibrary.object(prop.nested!) as z.ZodType;
      break;
    case 'nestedArray': {
      let array = z.array(zodLibrary.object(prop.nested!) as z.ZodType);
      if (low !== undefined) array = array.min(low);
      if (high !== undefined) array = array.max(high);
      schema = array;
      break;
    }
  }
  if (prop.nullable) schema = schema.nullable();
  return prop.optional ? schema.optional() : schema;
}

const valibotLibrary: Library = {
  shape: withRequiredKey,
  object(spec) {
    return v.object(Object.fromEntries(spec.props.map((prop, index) => [NAMES[index], valibotProp(prop)])));
  },
};

function valibotProp(prop: PropSpec): v.GenericSchema {
  const { low, high } = range(prop);
  let schema: v.GenericSchema;
  const lengths = (base: v.GenericSchema<string> | v.GenericSchema<unknown[]>) => {
    const actions: v.PipeItem<unknown, unknown, v.BaseIssue<unknown>>[] = [];
    if (low !== undefined) actions.push(v.minLength(low) as never);
    if (high !== undefined && prop.kind !== 'strings') actions.push(v.maxLength(high) as never);
    return actions.length > 0 ? v.pipe(base as v.GenericSchema, ...(actions as [])) : base;
  };
  switch (prop.kind) {
    case 'string':
      schema = lengths(v.string());
      break;
    case 'int':
    case 'number': {
      const actions: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = prop.kind === 'int' ? [v.integer()] : [];
      if (low !== undefined) actions.push(v.minValue(low));
      if (high !== undefined) actions.push(v.maxValue(high));
      schema = actions.length > 0 ? v.pipe(v.number(), ...(actions as [])) : v.number();
      break;
    }
    case 'boolean':
      schema = v.boolean();
      break;
    case 'enum':
      schema = v.picklist(COLORS);
      break;
    case 'strings':
      schema = lengths(v.array(high === undefined ? v.string() : v.pipe(v.string(), v.maxLength(high))));
      break;
    case 'union':
      schema = v.union([v.string(), v.number()]);
      break;
    case 'tagged':
      schema = v.variant('kind', [v.object({ kind: v.literal('text'), text: v.string() }), v.object({ kind: v.literal('count'), count: v.pipe(v.number(), v.integer()) })]);
      break;
    case 'nested':
      schema = valibotLibrary.object(prop.nested!) as v.GenericSchema;
      break;
    case 'nestedArray':
      schema = lengths(v.array(valibotLibrary.object(prop.nested!) as v.GenericSchema));
      break;
  }
  if (prop.nullable) schema = v.nullable(schema);
  return prop.optional ? v.optional(schema) : schema;
}

const arktypeLibrary: Library = {
  shape: withRequiredKey,
  object(spec) {
    return type(Object.fromEntries(spec.props.map((prop, index) => [prop.optional ? `${NAMES[index]}?` : NAMES[index], arktypeProp(prop)])) as never) as never;
  },
};

function arktypeProp(prop: PropSpec): Type {
  const { low, high } = range(prop);
  let schema: Type;
  switch (prop.kind) {
    case 'string': {
      let string = type.string;
      if (low !== undefined) string = string.atLeastLength(low);
      if (high !== undefined) string = string.atMostLength(high);
      schema = string;
      break;
    }
    case 'int':
    case 'number': {
      let number = prop.kind === 'int' ? type('number.integer') : type.number;
      if (low !== undefined) number = number.atLeast(low);
      if (high !== undefined) number = number.atMost(high);
      schema = number;
      break;
    }
    case 'boolean':
      schema = type.boolean;
      break;
    case 'enum':
      schema = type.enumerated(...COLORS);
      break;
    case 'strings': {
      let array = (high === undefined ? type.string : type.string.atMostLength(high)).array();
      if (low !== undefined) array = array.atLeastLength(low);
      schema = array;
      break;
    }
    case 'union':
      schema = type.string.or(type.number);
      break;
    case 'tagged':
      schema = type({ kind: "'text'", text: 'string' }).or({ kind: "'count'", count: 'number.integer' });
      break;
    case 'nested':
      schema = arktypeLibrary.object(prop.nested!) as never;
      break;
    case 'nestedArray': {
      let array = (arktypeLibrary.object(prop.nested!) as unknown as Type<object>).array();
      if (low !== undefined) array = array.atLeastLength(low);
      if (high !== undefined) array = array.atMostLength(high);
      schema = array;
      break;
    }
  }
  return (prop.nullable ? schema.or(type.null) : schema) as Type;
}

// ---------- random bodies: mostly near-valid, with one kind of mistake or another ----------

const MISSING = Symbol('missing');
const anyJson = fc.jsonValue({ maxDepth: 2 });

function bodyArb(spec: ObjectSpec): fc.Arbitrary<Record<string, unknown>> {
  const entries = spec.props.map((prop) =>
    fc.oneof(
      { weight: 24, arbitrary: valueArb(prop) },
      { weight: prop.optional ? 3 : 1, arbitrary: fc.constant<unknown>(MISSING) },
      { weight: prop.nullable ? 4 : 1, arbitrary: fc.constant<unknown>(null) },
      { weight: 1, arbitrary: anyJson as fc.Arbitrary<unknown> },
    ),
  );
  return fc.tuple(fc.tuple(...entries), fc.option(fc.dictionary(fc.constantFrom('x', 'y'), anyJson), { nil: undefined })).map(([values, extra]) => {
    const body: Record<string, unknown> = { ...extra };
    values.forEach((value, index) => {
      if (value !== MISSING) body[NAMES[index]] = value;
    });
    return body;
  });
}

function valueArb(prop: PropSpec): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: validValueArb(prop) }, { weight: 1, arbitrary: nearValueArb(prop) });
}

const taggedArb = fc.oneof(
  fc.record({ kind: fc.constant('text'), text: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant('count'), count: fc.integer({ min: -3, max: 3 }) }),
);

function validValueArb(prop: PropSpec): fc.Arbitrary<unknown> {
  const { low, high } = range(prop);
  switch (prop.kind) {
    case 'string':
      return fc.string({ minLength: low ?? 0, maxLength: high ?? 4 });
    case 'int':
      return fc.integer({ min: low ?? -5, max: high ?? 5 });
    case 'number':
      return fc.double({ min: low ?? -5, max: high ?? 5, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...COLORS);
    case 'strings':
      return fc.array(fc.string({ maxLength: high ?? 3 }), { minLength: low ?? 0, maxLength: (low ?? 0) + 2 });
    case 'union':
      return fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -3, max: 3 }));
    case 'tagged':
      return taggedArb;
    case 'nested':
      return bodyArb(prop.nested!);
    case 'nestedArray':
      return fc.array(bodyArb(prop.nested!), { minLength: low ?? 0, maxLength: Math.min(high ?? Infinity, (low ?? 0) + 2) });
  }
}

function nearValueArb(prop: PropSpec): fc.Arbitrary<unknown> {
  const { low, high } = range(prop);
  switch (prop.kind) {
    case 'string':
      return fc.oneof(fc.string({ minLength: Math.max(0, (low ?? 0) - 1), maxLength: (high ?? 4) + 1 }), fc.integer());
    case 'int':
    case 'number':
      return fc.oneof(fc.integer({ min: (low ?? -5) - 2, max: (high ?? 5) + 2 }), fc.double({ min: -10, max: 10, noNaN: true }), fc.constant('1'));
    case 'boolean':
      return fc.constantFrom('true', 0, 1, true);
    case 'enum':
      return fc.constantFrom('red', 'Red', 'blue', 1);
    case 'strings':
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(fc.string({ maxLength: (high ?? 3) + 1 }), { maxLength: (low ?? 2) + 2 }) },
        { weight: 1, arbitrary: fc.array(anyJson, { maxLength: 2 }) },
        { weight: 1, arbitrary: fc.string() },
      );
    case 'union':
      return fc.oneof(fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 1 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'tagged':
      return fc.oneof(
        fc.record({ kind: fc.constantFrom('text', 'count', 'other'), text: fc.oneof(fc.string({ maxLength: 2 }), fc.integer()) }),
        fc.record({ kind: fc.constantFrom('count', 'text'), count: fc.oneof(fc.double({ min: -2, max: 2, noNaN: true }), fc.string()) }),
        fc.record({ text: fc.string() }),
      );
    case 'nested':
      return fc.oneof({ weight: 6, arbitrary: bodyArb(prop.nested!) }, { weight: 1, arbitrary: fc.array(bodyArb(prop.nested!), { maxLength: 2 }) });
    case 'nestedArray':
      return fc.oneof(
        { weight: 6, arbitrary: fc.array(bodyArb(prop.nested!), { maxLength: (low ?? 1) + 2 }) },
        { weight: 1, arbitrary: fc.array(fc.oneof(anyJson, fc.array(bodyArb(prop.nested!), { maxLength: 1 })), { maxLength: 2 }) },
        { weight: 1, arbitrary: bodyArb(prop.nested!) },
      );
  }
}

// ---------- one application and one ajv validator per shape ----------

let count = 0;

async function judgesFor(library: Library, spec: ObjectSpec): Promise<{ library: (body: unknown) => Promise<boolean>; ajv: (body: unknown) => boolean }> {
  const schema = library.object(spec);
  @Controller('/things')
  class ThingsController {
    @Post('')
    create(@Body(schema) _body: unknown) {
      return { ok: true };
    }
  }
  const app = createApplication({ controllers: [ThingsController], basePath: `/s${++count}` });
  const document = await generateOpenApiDocument({ title: 'property', applications: [app] });
  const operation = (document.paths[`/s${count}/things`] as { post: { requestBody: { content: Record<string, { schema: object }> } } }).post;
  const requestSchema = operation.requestBody.content['application/json'].schema;
  const validate = new Ajv2020({ strict: false }).compile({ ...requestSchema, components: document.components });
  return {
    ajv: (body) => validate(body) === true,
    library: async (body) => {
      const response = await app.handle(
        new Request(`http://localhost/s${count}/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      );
      if (response.status !== 200 && response.status !== 422) throw new Error(`answered ${response.status}: ${await response.text()}`);
      return response.status === 200;
    },
  };
}

const SHAPES = 60;
const BODIES_PER_SHAPE = 30;
const SEED = Number(process.env.SEED ?? 34);

const property = suite('the generated document and the schema validation');

for (const [name, library] of Object.entries({ zod: zodLibrary, valibot: valibotLibrary, arktype: arktypeLibrary })) {
  property(`${name}: give every random body the same verdict (${SHAPES} random object schemas × ${BODIES_PER_SHAPE} bodies, seed ${SEED})`, async () => {
    const figures: Verdicts = { cases: 0, valid: 0 };
    await fc.assert(
      fc.asyncProperty(
        rootSpec
          .map((spec) => library.shape?.(spec) ?? spec)
          .chain((spec) => fc.tuple(fc.constant(spec), fc.array(bodyArb(spec), { minLength: BODIES_PER_SHAPE, maxLength: BODIES_PER_SHAPE }))),
        async ([spec, bodies]) => {
          try {
            await assertSameVerdicts(await judgesFor(library, spec), bodies, figures);
          } catch (error) {
            if (process.env.DEBUG) console.log(String(error).slice(0, 2000));
            throw error;
          }
        },
      ),
      { seed: SEED, numRuns: SHAPES, endOnFailure: true },
    );
    assertBothVerdictsCommon(figures, 6);
    if (process.env.REPORT) console.log(`${name}: ${figures.cases} cases, ${figures.valid} valid, ${figures.cases - figures.valid} invalid`);
  });
}

property.run();
