import { validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import { type } from 'arktype';
import { IsString } from 'class-validator';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import * as z from 'zod';
import {
  ApiResponse,
  ApiSchema,
  Body,
  Controller,
  Form,
  Get,
  Headers,
  Params,
  Post,
  Query,
  createApplication,
  generateOpenApiDocument,
  type Application,
  type StandardSchemaV1,
} from '../../runtime/index';
import { createDocumentGenerator } from '../../runtime/openapi/index';
import { describeSchemas } from '../../runtime/schema/components';
import { libraryJsonSchema, loadConverters } from '../../runtime/schema/json-schema';

// Issue 34: the document describes schema inputs by their input side and schema responses by their output side, from
// the schema's Standard JSON Schema or its library's converter; named schemas are components.

type Schemas = Record<string, Record<string, unknown>>;
type Operation = {
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown>; style?: string; explode?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};

let basePath = 0;
const nextBase = () => `/d${++basePath}`;

async function documentOf(...controllers: Function[]): Promise<{ app: Application; doc: Awaited<ReturnType<typeof generateOpenApiDocument>> }> {
  const app = createApplication({ controllers: controllers as never, basePath: nextBase() });
  return { app, doc: await generateOpenApiDocument({ title: 'schemas', applications: [app] }) };
}

const operation = (doc: { paths: Record<string, unknown> }, path: string, method: string) => (doc.paths[path] as Record<string, Operation>)[method];
const schemasOf = (doc: { components: { schemas: Schemas } }) => doc.components.schemas;

/** Awaits `promise`, which must reject with an error `check` accepts. */
async function rejects(promise: Promise<unknown>, check: RegExp | ((error: Error) => boolean)): Promise<void> {
  let error: Error | undefined;
  try {
    await promise;
  } catch (caught) {
    error = caught as Error;
  }
  assert.ok(error, 'expected a rejection');
  if (check instanceof RegExp) assert.match(error!.message, check);
  else assert.ok(check(error!), error!.message);
}

const test = suite('the document of schema routes');

test('an unnamed @Body schema is inline: its input side, without $schema, and the body errors are documented', async () => {
  const CreateItem = z.object({ title: z.string().min(1), count: z.string().transform(Number) });
  @Controller('/items')
  class ItemsController {
    @Post('')
    create(@Body(CreateItem) _body: unknown) {}
  }
  const { app, doc } = await documentOf(ItemsController);
  const post = operation(doc, `${app.basePath}/items`, 'post');
  assert.equal(post.requestBody!.content['application/json'].schema, {
    type: 'object',
    properties: { title: { type: 'string', minLength: 1 }, count: { type: 'string' } },
    required: ['title', 'count'],
  });
  assert.equal(Object.keys(post.responses), ['204', '400', '404', '413', '415', '422', '500']);
  assert.ok((await validate(structuredClone(doc) as never)).valid);
});

test("a named schema is a component: Zod's .meta({ id }); its sides differ, so the request's is NameInput", async () => {
  const Item = z.object({ id: z.string(), title: z.string() }).meta({ id: 'Item' });
  @Controller('/items')
  class ItemsController {
    @Post('')
    @ApiResponse({ status: 200, type: Item })
    create(@Body(Item) _body: unknown) {
      return undefined as never;
    }

    @Get('')
    @ApiResponse({ status: 200, type: Item, isArray: true })
    list() {
      return undefined as never;
    }
  }
  const { app, doc } = await documentOf(ItemsController);
  const path = `${app.basePath}/items`;
  assert.equal(operation(doc, path, 'post').requestBody!.content['application/json'].schema, { $ref: '#/components/schemas/ItemInput' });
  assert.equal(operation(doc, path, 'post').responses['200'].content!['application/json'].schema, { $ref: '#/components/schemas/Item' });
  assert.equal(operation(doc, path, 'get').responses['200'].content!['application/json'].schema, { type: 'array', items: { $ref: '#/components/schemas/Item' } });
  const schemas = schemasOf(doc);
  // Zod closes an object's output: nothing else is ever sent.
  assert.is(schemas.Item.additionalProperties, false);
  assert.is(schemas.ItemInput.additionalProperties, undefined);
  assert.ok((await validate(structuredClone(doc) as never)).valid);
});

test('ApiSchema({ name })(schema) names a schema of any library; the same on both sides, it is one component', async () => {
  const Tag = ApiSchema({ name: 'Tag' })(v.object({ name: v.string() }));
  const Label = ApiSchema({ name: 'Label' })(type({ text: 'string' }));
  @Controller('/tags')
  class TagsController {
    @Post('')
    @ApiResponse({ status: 201, type: Tag })
    create(@Body(Tag) _body: unknown) {
      return undefined as never;
    }

    @Post('/labels')
    @ApiResponse({ status: 200, type: Label })
    label(@Body(Label) _body: unknown) {
      return undefined as never;
    }
  }
  const { app, doc } = await documentOf(TagsController);
  const post = operation(doc, `${app.basePath}/tags`, 'post');
  assert.equal(post.requestBody!.content['application/json'].schema, { $ref: '#/components/schemas/Tag' });
  assert.equal(post.responses['201'].content!['application/json'].schema, { $ref: '#/components/schemas/Tag' });
  const schemas = schemasOf(doc);
  assert.equal(schemas.Tag, { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
  assert.equal(schemas.Label, { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });
  assert.not.ok(schemas.TagInput);
});

test('a named schema nested in an unnamed one is a component too, referred to from inside', async () => {
  const Tag = z.object({ name: z.string() }).meta({ id: 'NestedTag' });
  @Controller('/posts')
  class PostsController {
    @Post('')
    create(@Body(z.object({ title: z.string(), tags: z.array(Tag) })) _body: unknown) {}
  }
  const { app, doc } = await documentOf(PostsController);
  const schema = operation(doc, `${app.basePath}/posts`, 'post').requestBody!.content['application/json'].schema;
  assert.equal((schema.properties as Schemas).tags, { type: 'array', items: { $ref: '#/components/schemas/NestedTag' } });
  assert.equal(schemasOf(doc).NestedTag, { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
});

test('a recursive schema without a name: its made-up $defs are named after the route, and the document resolves', async () => {
  interface Category {
    name: string;
    children: Category[];
  }
  const Category: z.ZodType<Category> = z.object({ name: z.string(), children: z.array(z.lazy(() => Category)) });
  @Controller('/categories')
  class CategoriesController {
    @Post('')
    create(@Body(Category) _body: unknown) {}
  }
  const { app, doc } = await documentOf(CategoriesController);
  const names = Object.keys(schemasOf(doc)).filter((name) => name.startsWith('CategoriesController'));
  assert.equal(names, ['CategoriesController_create_body']);
  const schema = operation(doc, `${app.basePath}/categories`, 'post').requestBody!.content['application/json'].schema;
  const ajv = new Ajv2020({ strict: false }).compile({ ...schema, components: doc.components });
  assert.ok(ajv({ name: 'a', children: [{ name: 'b', children: [] }] }));
  assert.not.ok(ajv({ name: 'a', children: [{ name: 1, children: [] }] }));
  assert.ok((await validate(structuredClone(doc) as never)).valid);
});

test("the libraries' made-up $defs names (Zod's __schema0, Valibot's 0) are named after their route: two of them do not clash", async () => {
  interface Category {
    name: string;
    children: Category[];
  }
  const Category: z.ZodType<Category> = z.object({ name: z.string(), children: z.array(z.lazy(() => Category)) });
  interface Node {
    label: string;
    next?: Node;
  }
  const Node: v.GenericSchema<Node> = v.object({ label: v.string(), next: v.optional(v.lazy(() => Node)) });
  const Other: z.ZodType<Category> = z.object({ name: z.number(), children: z.array(z.lazy(() => Other)) }) as never;
  @Controller('/trees')
  class TreesController {
    @Post('/zod')
    zod(@Body(z.object({ tree: Category })) _body: unknown) {}

    @Post('/other')
    other(@Body(z.object({ tree: Other })) _body: unknown) {}

    @Post('/valibot')
    valibot(@Body(v.object({ list: Node })) _body: unknown) {}
  }
  const { app, doc } = await documentOf(TreesController);
  const names = Object.keys(schemasOf(doc)).filter((name) => name.startsWith('TreesController'));
  assert.equal(names, ['TreesController_other_body_schema0', 'TreesController_valibot_body_0', 'TreesController_zod_body_schema0']);
  for (const [path, valid, invalid] of [
    ['zod', { tree: { name: 'a', children: [{ name: 'b', children: [] }] } }, { tree: { name: 'a', children: [{ name: 2, children: [] }] } }],
    ['other', { tree: { name: 1, children: [] } }, { tree: { name: 'a', children: [] } }],
    ['valibot', { list: { label: 'a', next: { label: 'b' } } }, { list: { label: 'a', next: { label: 2 } } }],
  ] as const) {
    const schema = operation(doc, `${app.basePath}/trees/${path}`, 'post').requestBody!.content['application/json'].schema;
    const check = new Ajv2020({ strict: false }).compile({ ...schema, components: doc.components });
    assert.ok(check(valid), path);
    assert.not.ok(check(invalid), path);
  }
});

test('@Form: the schema under both form media types', async () => {
  @Controller('/uploads')
  class UploadsController {
    @Post('')
    upload(@Form(z.object({ title: z.string() })) _form: unknown) {}
  }
  const { app, doc } = await documentOf(UploadsController);
  const content = operation(doc, `${app.basePath}/uploads`, 'post').requestBody!.content;
  const expected = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };
  assert.equal(content['multipart/form-data'].schema, expected);
  assert.equal(content['application/x-www-form-urlencoded'].schema, expected);
});

for (const [library, query, params, headers] of [
  [
    'zod',
    z.object({ limit: z.coerce.number().int().optional(), tag: z.array(z.string()).optional() }),
    z.object({ id: z.string().uuid() }),
    z.object({ 'x-api-key': z.string() }),
  ],
  [
    'valibot',
    v.object({ limit: v.optional(v.number()), tag: v.optional(v.array(v.string())) }),
    v.object({ id: v.pipe(v.string(), v.uuid()) }),
    v.object({ 'x-api-key': v.string() }),
  ],
  ['arktype', type({ 'limit?': 'number', 'tag?': 'string[]' }), type({ id: /^[0-9a-f-]+$/ }), type({ 'x-api-key': 'string' })],
] as [string, StandardSchemaV1, StandardSchemaV1, StandardSchemaV1][]) {
  test(`${library}: @Query, @Params and @Headers schemas are parameters, one per property, required unless optional`, async () => {
    @Controller('/things')
    class ThingsController {
      @Get('/:id/:other')
      find(@Query(query) _query: unknown, @Params(params) _params: unknown, @Headers(headers) _headers: unknown) {}
    }
    const { app, doc } = await documentOf(ThingsController);
    const { parameters, responses } = operation(doc, `${app.basePath}/things/{id}/{other}`, 'get');
    const described = parameters!.map(({ name, in: where, required, schema, explode }) => ({ name, in: where, required, type: schema.type, explode }));
    assert.equal(described, [
      { name: 'id', in: 'path', required: true, type: 'string', explode: undefined },
      // A segment the schema leaves out stays a string.
      { name: 'other', in: 'path', required: true, type: 'string', explode: undefined },
      { name: 'limit', in: 'query', required: false, type: library === 'zod' ? 'integer' : 'number', explode: undefined },
      { name: 'tag', in: 'query', required: false, type: 'array', explode: true },
      { name: 'x-api-key', in: 'header', required: true, type: 'string', explode: undefined },
    ]);
    assert.ok(responses['422']);
    assert.ok((await validate(structuredClone(doc) as never)).valid);
  });
}

test('a @Query schema that is not an object throws, naming the route', async () => {
  @Controller('/odd')
  class OddController {
    @Get('')
    find(@Query(z.string()) _query: unknown) {}
  }
  const app = createApplication({ controllers: [OddController], basePath: nextBase() });
  await rejects(
    generateOpenApiDocument({ title: 'odd', applications: [app] }),
    (error: Error) => error.message === `generateOpenApiDocument: the @Query schema of GET ${app.basePath}/odd (OddController.find) is not an object schema: each of its properties is a query parameter.`,
  );
});

test('two different schemas under one name throw, naming where each is used', async () => {
  const A = z.object({ a: z.string() }).meta({ id: 'Clash' });
  const B = z.object({ b: z.string() }).meta({ id: 'Clash' });
  @Controller('/clash')
  class ClashController {
    @Post('/a')
    a(@Body(A) _body: unknown) {}

    @Post('/b')
    b(@Body(B) _body: unknown) {}
  }
  const app = createApplication({ controllers: [ClashController], basePath: nextBase() });
  await rejects(
    generateOpenApiDocument({ title: 'clash', applications: [app] }),
    (error: Error) =>
      error.message ===
      `generateOpenApiDocument: two different schemas are both documented as Clash: the @Body schema of POST ${app.basePath}/clash/a (ClashController.a) and ` +
        `the @Body schema of POST ${app.basePath}/clash/b (ClashController.b). OpenAPI component names must be unique: give one of them another name ` +
        "(ApiSchema({ name })(schema), or Zod's .meta({ id })).",
  );
});

test('two schema objects under one name throw even when they say the same: they are two schemas', async () => {
  const A = ApiSchema({ name: 'Twin' })(v.object({ a: v.string() }));
  const B = ApiSchema({ name: 'Twin' })(v.object({ a: v.string() }));
  @Controller('/twins')
  class TwinsController {
    @Post('/a')
    a(@Body(A) _body: unknown) {}

    @Get('/b')
    @ApiResponse({ status: 200, type: B })
    b() {
      return undefined as never;
    }
  }
  const app = createApplication({ controllers: [TwinsController], basePath: nextBase() });
  await rejects(generateOpenApiDocument({ title: 'twins', applications: [app] }), /two different schemas are both documented as Twin: the @Body schema of POST .*\/twins\/a .* and the 200 response schema of GET .*\/twins\/b/);
});

test('two schemas of one name nested in others (not roots) are told apart by what they say', async () => {
  const A = z.object({ inner: z.object({ a: z.string() }).meta({ id: 'Inner' }) });
  const B = z.object({ inner: z.object({ b: z.number() }).meta({ id: 'Inner' }) });
  @Controller('/nested')
  class NestedController {
    @Post('/a')
    a(@Body(A) _body: unknown) {}

    @Post('/b')
    b(@Body(B) _body: unknown) {}
  }
  const app = createApplication({ controllers: [NestedController], basePath: nextBase() });
  await rejects(generateOpenApiDocument({ title: 'nested', applications: [app] }), /two different schemas are both documented as Inner: the @Body schema of POST .*\/nested\/a .* and the @Body schema of POST .*\/nested\/b/);
});

test('a schema named like a DTO class of the document throws', async () => {
  class Item {
    @IsString() id!: string;
  }
  const ItemSchema = ApiSchema({ name: 'Item' })(v.object({ id: v.string() }));
  @Controller('/both')
  class BothController {
    @Post('/dto')
    dto(@Body(Item) _body: Item) {}

    @Post('/schema')
    schema(@Body(ItemSchema) _body: unknown) {}
  }
  const app = createApplication({ controllers: [BothController], basePath: nextBase() });
  await rejects(generateOpenApiDocument({ title: 'both', applications: [app] }), /the @Body schema of POST .*\/both\/schema \(BothController.schema\) is documented as Item, a name a DTO class or an error schema of the document already has/);
});

test('a library without JSON Schema support: generateOpenApiDocument throws naming the route and what to do', async () => {
  const acme: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'acme', validate: (value) => ({ value }) } };
  @Controller('/acme')
  class AcmeController {
    @Post('')
    create(@Body(acme) _body: unknown) {}
  }
  const app = createApplication({ controllers: [AcmeController], basePath: nextBase() });
  await rejects(
    generateOpenApiDocument({ title: 'acme', applications: [app] }),
    (error: Error) =>
      error.message ===
      `generateOpenApiDocument: the @Body schema of POST ${app.basePath}/acme (AcmeController.create) is a acme schema, which cannot be documented: ` +
        'acme schemas implement no Standard JSON Schema (~standard.jsonSchema), and next-app-controllers knows no converter for them. ' +
        'Install a version of acme that implements Standard JSON Schema, or describe this input with a DTO class.',
  );
});

test("Valibot's converter: imported where a bundler sees it (standalone builds carry it), else required from the project, else the error names the package", async () => {
  const schema = v.object({ fresh: v.string() });
  const notInstalled = await loadConverters([schema], () => Promise.reject(new Error('Cannot find module')));
  assert.is(notInstalled.size, 0);
  // A bundler's empty module in its place counts as missing too.
  assert.is((await loadConverters([schema], async () => ({}))).size, 0);
  const imported = await loadConverters([schema]);
  assert.ok(imported.get('valibot'));
  assert.is((await loadConverters([z.object({ a: z.string() })])).size, 0, 'a Zod schema has its own JSON Schema: nothing to load');

  const empty = mkdtempSync(join(tmpdir(), 'nac-no-converter-'));
  const cwd = process.cwd();
  process.chdir(empty);
  try {
    // Neither imported nor in the project: the message says what to install.
    assert.throws(() => libraryJsonSchema(schema, 'input', notInstalled), /valibot schemas are described by @valibot\/to-json-schema, and it could not be loaded: npm install @valibot\/to-json-schema$/);
    // Imported: the project folder is not asked.
    assert.equal(libraryJsonSchema(schema, 'input', imported).properties, { fresh: { type: 'string' } });
  } finally {
    process.chdir(cwd);
    rmSync(empty, { recursive: true, force: true });
  }
  // Not imported, but in the project: required from it.
  assert.equal(libraryJsonSchema(schema, 'input', notInstalled).properties, { fresh: { type: 'string' } });
});

test('a document whose Valibot schema cannot be described names the route and the package to install', async () => {
  @Controller('/valibot')
  class ValibotController {
    @Post('')
    create(@Body(v.object({ fresh: v.string() })) _body: unknown) {}
  }
  const app = createApplication({ controllers: [ValibotController], basePath: nextBase() });
  const doc = await generateOpenApiDocument({ title: 'valibot', applications: [app] });
  assert.ok(operation(doc, `${app.basePath}/valibot`, 'post').requestBody);
  assert.throws(
    () => describeSchemas([{ schema: v.object({ other: v.number() }), side: 'input', where: `the @Body schema of POST ${app.basePath}/valibot (ValibotController.create)`, context: 'x' }], new Set(), new Map([['valibot', {}]])),
    (error: Error) => error.message.startsWith(`generateOpenApiDocument: the @Body schema of POST ${app.basePath}/valibot (ValibotController.create) is a valibot schema, which cannot be documented: `),
  );
});

test("a response whose output has no JSON Schema (a Zod transform) throws naming the route and the library's reason", async () => {
  @Controller('/dates')
  class DatesController {
    @Get('')
    @ApiResponse({ status: 200, type: z.object({ at: z.date().transform((date) => date.getTime()) }) })
    list() {
      return undefined as never;
    }
  }
  const app = createApplication({ controllers: [DatesController], basePath: nextBase() });
  await rejects(
    generateOpenApiDocument({ title: 'dates', applications: [app] }),
    (error: Error) =>
      error.message ===
      `generateOpenApiDocument: the 200 response schema of GET ${app.basePath}/dates (DatesController.list) is a zod schema, which cannot be documented: its output has no JSON Schema (zod: Transforms cannot be represented in JSON Schema).`,
  );
});

test('a document of schema routes only needs no class-validator-jsonschema', async () => {
  @Controller('/light')
  class LightController {
    @Post('/:id')
    @ApiResponse({ status: 200, type: type({ ok: 'boolean' }) })
    create(@Body(v.object({ a: v.string() })) _body: unknown, @Query(z.object({ q: z.string() })) _query: unknown, @Params(type({ id: 'string' })) _params: unknown) {
      return undefined as never;
    }
  }
  const app = createApplication({ controllers: [LightController], basePath: nextBase() });
  const generate = createDocumentGenerator(() => Promise.reject(new Error('class-validator-jsonschema is not installed')));
  const doc = await generate({ title: 'light', applications: [app] });
  assert.equal(Object.keys(doc.paths), [`${app.basePath}/light/{id}`]);
});

test('the same applications give a byte-identical document', async () => {
  const Item = z.object({ id: z.string() }).meta({ id: 'SameItem' });
  @Controller('/same')
  class SameController {
    @Post('')
    @ApiResponse({ status: 200, type: Item })
    create(@Body(Item) _body: unknown, @Query(v.object({ q: v.optional(v.string()) })) _query: unknown) {
      return undefined as never;
    }
  }
  const app = createApplication({ controllers: [SameController], basePath: nextBase() });
  const first = JSON.stringify(await createDocumentGenerator()({ title: 'same', applications: [app] }));
  const second = JSON.stringify(await createDocumentGenerator()({ title: 'same', applications: [app] }));
  assert.is(first, second);
});

test.run();
