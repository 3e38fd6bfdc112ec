import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEnum,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { suite } from 'uvu';
import { Body, Controller, Nullable, Post, createApplication, generateOpenApiDocument, type Class } from '../../runtime/index';
import { assertBothVerdictsCommon, assertSameVerdicts, type Verdicts } from './verdicts';

/**
 * The property of issue 15: for random DTO shapes and random bodies, ajv judging a body against the generated
 * OpenAPI schema and the library's validation (through app.handle) give the same verdict. Seeded: a failure prints
 * its seed and path, and `SEED=<n>` replays another run.
 */

type Kind = 'string' | 'int' | 'number' | 'boolean' | 'enum' | 'in' | 'strings' | 'nested' | 'nestedArray';

interface PropSpec {
  kind: Kind;
  optional: boolean;
  /** `@Nullable()`: `null` accepted, beside or without `@IsOptional()`. */
  nullable: boolean;
  /** Apply the decorators in reverse: class-validator-jsonschema merges their schemas in declaration order. */
  reverse: boolean;
  low?: number;
  high?: number;
  /** `@IsArray()` beside `{ each: true }` / `@ValidateNested({ each: true })`. */
  isArray?: boolean;
  nested?: DtoSpec;
}

interface DtoSpec {
  props: PropSpec[];
}

const COLORS = { Red: 'red', Green: 'green' } as const;
const SIZES = ['s', 'm', 'l'];
const NAMES = ['a', 'b', 'c', 'd', 'e'];

// ---------- random DTO shapes ----------

const bound = fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined });

function propArb(nested: fc.Arbitrary<DtoSpec> | undefined): fc.Arbitrary<PropSpec> {
  const kinds: Kind[] = ['string', 'int', 'number', 'boolean', 'enum', 'in', 'strings', ...(nested ? (['nested', 'nestedArray'] as Kind[]) : [])];
  return fc.record({
    kind: fc.constantFrom(...kinds),
    optional: fc.boolean(),
    nullable: fc.boolean(),
    reverse: fc.boolean(),
    low: bound,
    high: bound,
    isArray: fc.boolean(),
    nested: nested ?? fc.constant(undefined),
  }) as fc.Arbitrary<PropSpec>;
}

const leafDto: fc.Arbitrary<DtoSpec> = fc.record({ props: fc.array(propArb(undefined), { minLength: 1, maxLength: 4 }) });
const middleDto: fc.Arbitrary<DtoSpec> = fc.record({ props: fc.array(propArb(leafDto), { minLength: 1, maxLength: 4 }) });
const rootDto: fc.Arbitrary<DtoSpec> = fc.record({ props: fc.array(propArb(middleDto), { minLength: 1, maxLength: 5 }) });

let classCount = 0;

/** A DTO class built from the spec with the very decorators a user would write. */
function buildDto(spec: DtoSpec): Class {
  const cls = class {};
  Object.defineProperty(cls, 'name', { value: `Dto${++classCount}` });
  spec.props.forEach((prop, index) => {
    const decorators = decoratorsOf(prop);
    if (prop.reverse) decorators.reverse();
    for (const decorate of decorators) decorate(cls.prototype, NAMES[index]);
  });
  return cls;
}

function decoratorsOf(prop: PropSpec): PropertyDecorator[] {
  const list: PropertyDecorator[] = [...(prop.optional ? [IsOptional()] : []), ...(prop.nullable ? [Nullable()] : [])];
  const { low, high } = range(prop);
  // One class per nested spec, made now: @Type's function is called for every value.
  const nestedClass = prop.kind === 'nested' || prop.kind === 'nestedArray' ? buildDto(prop.nested!) : undefined;
  const type = Type(() => nestedClass!) as PropertyDecorator;
  switch (prop.kind) {
    case 'string':
      list.push(IsString());
      if (low !== undefined) list.push(MinLength(low));
      if (high !== undefined) list.push(MaxLength(high));
      break;
    case 'int':
    case 'number':
      list.push(prop.kind === 'int' ? IsInt() : IsNumber());
      if (low !== undefined) list.push(Min(low));
      if (high !== undefined) list.push(Max(high));
      break;
    case 'boolean':
      list.push(IsBoolean());
      break;
    case 'enum':
      list.push(IsEnum(COLORS));
      break;
    case 'in':
      list.push(IsIn(SIZES));
      break;
    case 'strings':
      list.push(IsString({ each: true }));
      if (prop.isArray) list.push(IsArray());
      if (low !== undefined) list.push(ArrayMinSize(low));
      if (high !== undefined) list.push(MaxLength(high, { each: true }));
      break;
    case 'nested':
      list.push(ValidateNested(), type);
      break;
    case 'nestedArray': {
      list.push(ValidateNested({ each: true }), type);
      if (prop.isArray) list.push(IsArray());
      if (low !== undefined) list.push(ArrayMinSize(low));
      if (high !== undefined) list.push(ArrayMaxSize(high));
      break;
    }
  }
  return list;
}

/** low ≤ high, so a shape always has valid bodies. */
function range(prop: PropSpec): { low?: number; high?: number } {
  if (prop.low !== undefined && prop.high !== undefined && prop.low > prop.high) return { low: prop.high, high: prop.low };
  return { low: prop.low, high: prop.high };
}

// ---------- random bodies: mostly near-valid, with one kind of mistake or another ----------

const MISSING = Symbol('missing');
const anyJson = fc.jsonValue({ maxDepth: 2 });

function bodyArb(spec: DtoSpec): fc.Arbitrary<Record<string, unknown>> {
  const entries = spec.props.map((prop) =>
    fc.oneof(
      { weight: 24, arbitrary: valueArb(prop) },
      { weight: 1, arbitrary: fc.constant<unknown>(MISSING) },
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

/** Values of the right type, mostly within the bounds, sometimes just outside them or of a near-miss type. */
function valueArb(prop: PropSpec): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: validValueArb(prop) }, { weight: 1, arbitrary: nearValueArb(prop) });
}

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
      return fc.constantFrom('red', 'green');
    case 'in':
      return fc.constantFrom(...SIZES);
    case 'strings':
      return fc.array(fc.string({ maxLength: high ?? 3 }), { minLength: low ?? 0, maxLength: (low ?? 0) + 2 });
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
      return fc.string({ minLength: Math.max(0, (low ?? 0) - 1), maxLength: (high ?? 4) + 1 });
    case 'int':
      return fc.oneof(fc.integer({ min: (low ?? -5) - 2, max: (high ?? 5) + 2 }), fc.double({ min: -10, max: 10, noNaN: true }));
    case 'number':
      return fc.oneof(fc.integer({ min: (low ?? -5) - 2, max: (high ?? 5) + 2 }), fc.double({ min: -10, max: 10, noNaN: true }));
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1));
    case 'enum':
      return fc.constantFrom('red', 'green', 'Red', 'blue', 1);
    case 'in':
      return fc.constantFrom('s', 'm', 'l', 'xl', 'S');
    case 'strings':
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(fc.string({ maxLength: (high ?? 3) + 1 }), { maxLength: (low ?? 2) + 2 }) },
        { weight: 1, arbitrary: fc.array(anyJson, { maxLength: 2 }) },
        { weight: 1, arbitrary: fc.string() },
      );
    case 'nested':
      return fc.oneof(
        { weight: 6, arbitrary: bodyArb(prop.nested!) },
        { weight: 1, arbitrary: fc.array(bodyArb(prop.nested!), { maxLength: 2 }) },
      );
    case 'nestedArray':
      return fc.oneof(
        { weight: 6, arbitrary: fc.array(bodyArb(prop.nested!), { maxLength: (low ?? 1) + 2 }) },
        { weight: 1, arbitrary: fc.array(fc.oneof(anyJson, fc.array(bodyArb(prop.nested!), { maxLength: 1 })), { maxLength: 2 }) },
        { weight: 1, arbitrary: bodyArb(prop.nested!) },
      );
  }
}

// ---------- one application and one ajv validator per shape ----------

async function judgesFor(spec: DtoSpec): Promise<{ library: (body: unknown) => Promise<boolean>; ajv: (body: unknown) => boolean }> {
  const dto = buildDto(spec);
  @Controller('/things')
  class ThingsController {
    @Post('')
    create(@Body(dto) _body: object) {
      return { ok: true };
    }
  }
  const app = createApplication({ controllers: [ThingsController], basePath: '/p' });
  const document = await generateOpenApiDocument({ title: 'property', applications: [app] });
  const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
  const validate = new Ajv2020({ strict: false }).compile({ $ref: `#/components/schemas/${dto.name}`, components: { schemas } });
  return {
    ajv: (body) => validate(body) === true,
    library: async (body) => {
      const response = await app.handle(
        new Request('http://localhost/p/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      );
      if (response.status !== 200 && response.status !== 422) throw new Error(`answered ${response.status}: ${await response.text()}`);
      return response.status === 200;
    },
  };
}

const SHAPES = 80;
const BODIES_PER_SHAPE = 40;
const SEED = Number(process.env.SEED ?? 15);

const property = suite('the generated document and the validation');

property(`give every random body the same verdict (${SHAPES} random DTO shapes × ${BODIES_PER_SHAPE} bodies, seed ${SEED})`, async () => {
  const figures: Verdicts = { cases: 0, valid: 0 };
  await fc.assert(
    fc.asyncProperty(
      rootDto.chain((spec) => fc.tuple(fc.constant(spec), fc.array(bodyArb(spec), { minLength: BODIES_PER_SHAPE, maxLength: BODIES_PER_SHAPE }))),
      async ([spec, bodies]) => {
        await assertSameVerdicts(await judgesFor(spec), bodies, figures);
      },
    ),
    { seed: SEED, numRuns: SHAPES, endOnFailure: true },
  );
  assertBothVerdictsCommon(figures, 5);
  if (process.env.REPORT) console.log(`property: ${figures.cases} cases, ${figures.valid} valid, ${figures.cases - figures.valid} invalid`);
});

property.run();
