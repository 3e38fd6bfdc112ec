import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiResponse, Controller, Get, createApplication, generateOpenApiDocument, type Class } from '../../runtime/index';

/**
 * The response contract's property: for random DTO shapes (nesting, arrays, optional fields, discriminated subtypes)
 * and random returned values carrying extra properties at every level, plain or class instances, the body sent
 * (1) validates with ajv against the document's schema for that status, every object schema closed with
 * `additionalProperties: false`, and (2) is exactly the value's declared fields. `SEED=<n>` replays another run.
 */

type Kind = 'string' | 'int' | 'boolean' | 'strings' | 'nested' | 'nestedArray' | 'union' | 'unionArray';

interface PropSpec {
  kind: Kind;
  optional: boolean;
  nested?: DtoSpec;
  subTypes?: DtoSpec[];
}

interface DtoSpec {
  props: PropSpec[];
}

const NAMES = ['a', 'b', 'c', 'd', 'e'];
const EXTRAS = ['passwordHash', 'internal', 'x'];
const SUBTYPE_NAMES = ['first', 'second', 'third'];

function propArb(nested: fc.Arbitrary<DtoSpec> | undefined): fc.Arbitrary<PropSpec> {
  const leafKinds: Kind[] = ['string', 'int', 'boolean', 'strings'];
  const kinds = nested ? [...leafKinds, 'nested', 'nestedArray', 'union', 'unionArray'] : leafKinds;
  return fc.record({
    kind: fc.constantFrom(...(kinds as Kind[])),
    optional: fc.boolean(),
    nested: nested ?? fc.constant(undefined),
    subTypes: nested ? fc.array(nested, { minLength: 1, maxLength: 3 }) : fc.constant(undefined),
  }) as fc.Arbitrary<PropSpec>;
}

const leafDto: fc.Arbitrary<DtoSpec> = fc.record({ props: fc.array(propArb(undefined), { minLength: 1, maxLength: 4 }) });
const middleDto: fc.Arbitrary<DtoSpec> = fc.record({ props: fc.array(propArb(leafDto), { minLength: 1, maxLength: 4 }) });
const rootDto: fc.Arbitrary<DtoSpec> = fc.record({ props: fc.array(propArb(middleDto), { minLength: 1, maxLength: 5 }) });

let classCount = 0;
const named = (cls: Class, prefix: string) => Object.defineProperty(cls, 'name', { value: `${prefix}${++classCount}` });

interface Built {
  cls: Class;
  spec: DtoSpec;
  /** Per property: the nested class, or the union's subtypes by name. */
  nested: (Built | undefined)[];
  unions: (Map<string, Built> | undefined)[];
}

function buildDto(spec: DtoSpec): Built {
  const cls = named(class {}, 'Contract');
  const built: Built = { cls, spec, nested: [], unions: [] };
  spec.props.forEach((prop, index) => {
    const key = NAMES[index];
    const decorators: PropertyDecorator[] = prop.optional ? [IsOptional()] : [];
    switch (prop.kind) {
      case 'string':
        decorators.push(IsString());
        break;
      case 'int':
        decorators.push(IsInt());
        break;
      case 'boolean':
        decorators.push(IsBoolean());
        break;
      case 'strings':
        decorators.push(IsArray(), IsString({ each: true }));
        break;
      case 'nested':
      case 'nestedArray': {
        const inner = buildDto(prop.nested!);
        built.nested[index] = inner;
        decorators.push(prop.kind === 'nested' ? ValidateNested() : ValidateNested({ each: true }), Type(() => inner.cls) as PropertyDecorator);
        if (prop.kind === 'nestedArray') decorators.push(IsArray());
        break;
      }
      case 'union':
      case 'unionArray': {
        const base = named(class {}, 'Base');
        const subTypes = new Map(prop.subTypes!.map((sub, i) => [SUBTYPE_NAMES[i], buildDto(sub)]));
        built.unions[index] = subTypes;
        const discriminator = { property: 'kind', subTypes: [...subTypes].map(([name, sub]) => ({ name, value: sub.cls })) };
        decorators.push(prop.kind === 'union' ? ValidateNested() : ValidateNested({ each: true }), Type(() => base, { discriminator }) as PropertyDecorator);
        if (prop.kind === 'unionArray') decorators.push(IsArray());
        break;
      }
    }
    for (const decorate of decorators) decorate(cls.prototype, key);
  });
  return built;
}

// ---------- returned values: the declared fields (some optional ones left out), extras everywhere ----------

const MISSING = Symbol('missing');

function valueArb(built: Built): fc.Arbitrary<Record<string, unknown>> {
  const entries = built.spec.props.map((prop, index) => {
    const value = fieldArb(built, prop, index);
    return prop.optional ? fc.oneof(value, fc.constant<unknown>(MISSING)) : value;
  });
  const extras = fc.dictionary(fc.constantFrom(...EXTRAS), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
  return fc.tuple(fc.tuple(...entries), extras, fc.boolean()).map(([values, extra, asInstance]) => {
    const value: Record<string, unknown> = asInstance ? new built.cls() : {};
    Object.assign(value, extra);
    values.forEach((field, index) => {
      if (field !== MISSING) value[NAMES[index]] = field;
    });
    return value;
  });
}

function fieldArb(built: Built, prop: PropSpec, index: number): fc.Arbitrary<unknown> {
  switch (prop.kind) {
    case 'string':
      return fc.string({ maxLength: 4 });
    case 'int':
      return fc.integer({ min: -5, max: 5 });
    case 'boolean':
      return fc.boolean();
    case 'strings':
      return fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 });
    case 'nested':
      return valueArb(built.nested[index]!);
    case 'nestedArray':
      return fc.array(valueArb(built.nested[index]!), { maxLength: 3 });
    case 'union':
    case 'unionArray': {
      const item = fc.oneof(...[...built.unions[index]!].map(([name, sub]) => valueArb(sub).map((value) => Object.assign(value, { kind: name }))));
      return prop.kind === 'union' ? item : fc.array(item, { maxLength: 3 });
    }
  }
}

/** What the contract must send: the declared fields the value has, recursively, and the discriminator of each subtype. */
function expected(built: Built, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  built.spec.props.forEach((prop, index) => {
    const field = value[NAMES[index]];
    if (field === undefined) return;
    const nested = built.nested[index];
    const union = built.unions[index];
    const one = (item: Record<string, unknown>) =>
      nested ? expected(nested, item) : { kind: item.kind, ...expected(union!.get(item.kind as string)!, item) };
    if (nested || union) out[NAMES[index]] = Array.isArray(field) ? field.map(one) : one(field as Record<string, unknown>);
    else out[NAMES[index]] = field;
  });
  return out;
}

function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = closed(value);
  if (copy.properties && typeof copy.properties === 'object' && !Array.isArray(copy.properties)) copy.additionalProperties = false;
  return copy;
}

const SHAPES = 60;
const VALUES_PER_SHAPE = 12;
const SEED = Number(process.env.SEED ?? 22);

const property = suite('the response contract and the document');

property(`every body sent validates against the closed schema and is exactly the declared fields (${SHAPES} shapes × ${VALUES_PER_SHAPE} values, seed ${SEED})`, async () => {
  let bodies = 0;
  await fc.assert(
    fc.asyncProperty(
      rootDto.chain((spec) => {
        const built = buildDto(spec);
        return fc.tuple(fc.constant(built), fc.boolean(), fc.array(valueArb(built), { minLength: VALUES_PER_SHAPE, maxLength: VALUES_PER_SHAPE }));
      }),
      async ([built, isArray, values]) => {
        let next = 0;
        @Controller('/things')
        class ThingsController {
          @Get('')
          @ApiResponse({ status: 200, type: built.cls, isArray })
          get() {
            const value = values[next++];
            return isArray ? [value, value] : value;
          }
        }
        const app = createApplication({ controllers: [ThingsController], basePath: '/contract-property' });
        const document = await generateOpenApiDocument({ title: 'property', applications: [app] });
        const operation = document.paths['/contract-property/things'].get!;
        const schema = (operation.responses['200'] as unknown as { content: { 'application/json': { schema: unknown } } }).content['application/json'].schema;
        const validate = new Ajv2020({ strict: false }).compile({ ...(closed(schema) as object), components: { schemas: closed(document.components.schemas) } });
        for (const value of values) {
          const response = await app.handle(new Request('http://localhost/contract-property/things'));
          const body = await response.json();
          assert.ok(validate(body), `${JSON.stringify(body)}: ${JSON.stringify(validate.errors)}`);
          const want = expected(built, JSON.parse(JSON.stringify(value)));
          assert.equal(body, isArray ? [want, want] : want);
          bodies++;
        }
      },
    ),
    { seed: SEED, numRuns: SHAPES, endOnFailure: true },
  );
  assert.is(bodies, SHAPES * VALUES_PER_SHAPE);
});

property.run();
