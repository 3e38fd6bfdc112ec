import { Type } from 'class-transformer';
import { ArrayMinSize, IsBoolean, IsEnum, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Form, Get, Post, Query, createApplication, generateOpenApiDocument, type Class } from '../../runtime/index';
import { assertBothVerdictsCommon, assertSameVerdicts, type Verdicts } from './verdicts';

/**
 * Issue 15's agreement, for `@Query` DTOs: for random query DTOs and random queries, ajv judging the values against the
 * documented parameters and the library's validation (through app.handle, the values sent as a query string) give the
 * same verdict. The DTOs use `@Type` (tsx emits no decorator metadata). Only values whose query string says what they
 * are: a query string cannot carry `null`, an empty array, or tell `'true'` from `true`.
 *
 * The same for `@Form` DTOs (issue 13), whose text fields convert like query values: the same random DTOs and
 * values, sent as urlencoded and multipart bodies, judged against the documented request body.
 */

type Kind = 'string' | 'int' | 'number' | 'boolean' | 'enum' | 'in' | 'strings';
interface PropSpec {
  kind: Kind;
  optional: boolean;
  low?: number;
  high?: number;
}

const COLORS = { Red: 'red', Green: 'green' } as const;
const SIZES = ['s', 'm', 'l'];
const NAMES = ['a', 'b', 'c', 'd'];
const bound = fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined });
const propArb: fc.Arbitrary<PropSpec> = fc
  .record({ kind: fc.constantFrom<Kind>('string', 'int', 'number', 'boolean', 'enum', 'in', 'strings'), optional: fc.boolean(), low: bound, high: bound })
  .map((prop) => (prop.low !== undefined && prop.high !== undefined && prop.low > prop.high ? { ...prop, low: prop.high, high: prop.low } : prop));
const dtoArb = fc.array(propArb, { minLength: 1, maxLength: NAMES.length });

let classCount = 0;

function buildDto(props: PropSpec[]): Class {
  const cls = class {};
  Object.defineProperty(cls, 'name', { value: `QueryDto${++classCount}` });
  props.forEach((prop, index) => {
    for (const decorate of decoratorsOf(prop)) decorate(cls.prototype, NAMES[index]);
  });
  return cls;
}

function decoratorsOf({ kind, optional, low, high }: PropSpec): PropertyDecorator[] {
  const list: PropertyDecorator[] = optional ? [IsOptional()] : [];
  if (kind === 'string') list.push(IsString(), ...(low !== undefined ? [MinLength(low)] : []), ...(high !== undefined ? [MaxLength(high)] : []));
  if (kind === 'int' || kind === 'number') {
    list.push(Type(() => Number) as PropertyDecorator, kind === 'int' ? IsInt() : IsNumber());
    if (low !== undefined) list.push(Min(low));
    if (high !== undefined) list.push(Max(high));
  }
  if (kind === 'boolean') list.push(Type(() => Boolean) as PropertyDecorator, IsBoolean());
  if (kind === 'enum') list.push(IsEnum(COLORS));
  if (kind === 'in') list.push(IsIn(SIZES));
  if (kind === 'strings') {
    list.push(IsString({ each: true }));
    if (low !== undefined) list.push(ArrayMinSize(low));
    if (high !== undefined) list.push(MaxLength(high, { each: true }));
  }
  return list;
}

const MISSING = Symbol('missing');

function valueArb({ kind, low, high }: PropSpec): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'string':
      return fc.string({ maxLength: (high ?? 4) + 1 });
    case 'int':
    case 'number':
      return fc.oneof(fc.integer({ min: (low ?? -5) - 2, max: (high ?? 5) + 2 }), fc.double({ min: -10, max: 10, noNaN: true }), fc.constantFrom('abc', '1x'));
    case 'boolean':
      return fc.constantFrom(true, false, 'yes', 'TRUE', 2);
    case 'enum':
      return fc.constantFrom('red', 'green', 'Red', 'blue');
    case 'in':
      return fc.constantFrom('s', 'm', 'l', 'xl', 'S');
    case 'strings':
      return fc.array(fc.string({ maxLength: (high ?? 3) + 1 }), { minLength: 1, maxLength: (low ?? 1) + 2 });
  }
}

function queryArb(props: PropSpec[]): fc.Arbitrary<Record<string, unknown>> {
  const entries = props.map((prop) => fc.oneof({ weight: 6, arbitrary: valueArb(prop) }, { weight: 1, arbitrary: fc.constant<unknown>(MISSING) }));
  return fc.tuple(...entries).map((values) => {
    const query: Record<string, unknown> = {};
    values.forEach((value, index) => {
      if (value !== MISSING) query[NAMES[index]] = value;
    });
    return query;
  });
}

type Transport = 'query' | 'urlencoded' | 'multipart';

/** The values as text fields: repeated names for arrays, like a browser sends a multi-select. */
function textFields(values: Record<string, unknown>): [string, string][] {
  return Object.entries(values).flatMap(([key, value]) => [value].flat().map((item): [string, string] => [key, String(item)]));
}

function requestFor(transport: Transport, values: Record<string, unknown>): Request {
  const fields = textFields(values);
  if (transport === 'query') return new Request(`http://localhost/p/things?${new URLSearchParams(fields)}`);
  const body = transport === 'urlencoded' ? new URLSearchParams(fields) : new FormData();
  if (body instanceof FormData) for (const [key, value] of fields) body.append(key, value);
  return new Request('http://localhost/p/things', { method: 'POST', body });
}

/** The documented schema of the values: the query parameters as one object, or the form's request body. */
function documentedSchema(document: Awaited<ReturnType<typeof generateOpenApiDocument>>, transport: Transport): object {
  const operation = document.paths['/p/things'];
  if (transport === 'query') {
    const parameters = operation.get!.parameters ?? [];
    assert.ok(parameters.every((parameter) => parameter.in === 'query'));
    return {
      type: 'object',
      properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
      required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    };
  }
  const content = operation.post!.requestBody!.content;
  const mediaType = transport === 'urlencoded' ? 'application/x-www-form-urlencoded' : 'multipart/form-data';
  return { ...content[mediaType].schema, components: document.components };
}

async function judgesFor(props: PropSpec[], transport: Transport) {
  const dto = buildDto(props);
  @Controller('/things')
  class ThingsController {
    @Get('')
    list(@Query(dto) _query: object) {
      return { ok: true };
    }

    @Post('')
    create(@Form(dto) _form: object) {
      return { ok: true };
    }
  }
  const app = createApplication({ controllers: [ThingsController], basePath: '/p' });
  const document = await generateOpenApiDocument({ title: 'property', applications: [app] });
  const validate = new Ajv2020({ strict: false }).compile(documentedSchema(document, transport));
  return {
    ajv: (values: Record<string, unknown>) => validate(values) === true,
    library: async (values: Record<string, unknown>) => {
      const response = await app.handle(requestFor(transport, values));
      if (response.status !== 200 && response.status !== 422) throw new Error(`answered ${response.status}: ${await response.text()}`);
      return response.status === 200;
    },
  };
}

const SHAPES = 60;
const FORM_SHAPES = 30;
const QUERIES_PER_SHAPE = 30;
const SEED = Number(process.env.SEED ?? 11);

const property = suite('the documented query parameters and form bodies and the validation');

async function agreeOn(transport: Transport, shapes: number, seed: number) {
  const figures: Verdicts = { cases: 0, valid: 0 };
  await fc.assert(
    fc.asyncProperty(
      dtoArb.chain((props) => fc.tuple(fc.constant(props), fc.array(queryArb(props), { minLength: QUERIES_PER_SHAPE, maxLength: QUERIES_PER_SHAPE }))),
      async ([props, cases]) => {
        await assertSameVerdicts(await judgesFor(props, transport), cases, figures);
      },
    ),
    { seed, numRuns: shapes, endOnFailure: true },
  );
  assertBothVerdictsCommon(figures, 10);
  if (process.env.REPORT) console.log(`property (${transport}): ${figures.cases} cases, ${figures.valid} valid, ${figures.cases - figures.valid} invalid`);
}

property(`give every random query the same verdict (${SHAPES} random query DTOs × ${QUERIES_PER_SHAPE} queries, seed ${SEED})`, async () => {
  await agreeOn('query', SHAPES, SEED);
});

property(`give every random urlencoded form the same verdict (${FORM_SHAPES} random form DTOs × ${QUERIES_PER_SHAPE} forms, seed ${SEED + 1})`, async () => {
  await agreeOn('urlencoded', FORM_SHAPES, SEED + 1);
});

property(`give every random multipart form the same verdict (${FORM_SHAPES} random form DTOs × ${QUERIES_PER_SHAPE} forms, seed ${SEED + 2})`, async () => {
  await agreeOn('multipart', FORM_SHAPES, SEED + 2);
});

property.run();
