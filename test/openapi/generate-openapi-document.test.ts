import { validate } from '@readme/openapi-parser';
import { Type } from 'class-transformer';
import { IsString, ValidateNested } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, ApiResponse, Body, Controller, Get, Post, createApplication, generateOpenApiDocument, type RouteContext } from '../../runtime/index';
import { createDocumentGenerator } from '../../runtime/openapi/index';
import type { ResponseObject } from '../../runtime/openapi/types';
import { app } from './fixture';

const document = () => generateOpenApiDocument({ title: 'Fixture API', applications: [app] });

const generate = suite('generateOpenApiDocument');

generate('produces a document that a real OpenAPI 3.1 validator accepts', async () => {
  const result = await validate(structuredClone(await document()) as never);
  assert.ok(result.valid, JSON.stringify((result as { errors?: unknown }).errors));
  assert.is((await document()).openapi, '3.1.0');
});

generate('takes title, version, description and servers from the options, with version 1.0.0 by default', async () => {
  assert.equal((await document()).info, { title: 'Fixture API', version: '1.0.0' });
  const custom = await generateOpenApiDocument({
    title: 'T',
    version: '2.1.0',
    description: 'About',
    servers: [{ url: 'https://api.example.com' }],
    applications: [app],
  });
  assert.equal(custom.info, { title: 'T', version: '2.1.0', description: 'About' });
  assert.equal(custom.servers, [{ url: 'https://api.example.com' }]);
});

generate('writes paths with the basePath and OpenAPI {param} syntax, in declaration order', async () => {
  assert.equal(Object.keys((await document()).paths), [
    '/api/posts',
    '/api/posts/{id}',
    '/api/comments/{postId}/{commentId}',
    '/api/comments',
    '/api/comments/any',
  ]);
});

generate('documents every :param as a required string path parameter', async () => {
  const operation = (await document()).paths['/api/comments/{postId}/{commentId}'].get!;
  assert.equal(operation.parameters, [
    { name: 'postId', in: 'path', required: true, schema: { type: 'string' } },
    { name: 'commentId', in: 'path', required: true, schema: { type: 'string' } },
  ]);
  assert.is((await document()).paths['/api/posts'].get!.parameters, undefined);
});

generate('documents @Body as a required JSON requestBody referring to the DTO component', async () => {
  assert.equal((await document()).paths['/api/posts'].post!.requestBody, {
    required: true,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/CreatePostDto' } } },
  });
});

generate('describes DTOs from their validation decorators: nested DTOs, arrays of them, enums, bounds, optional fields', async () => {
  const { schemas } = (await document()).components;
  assert.equal(Object.keys(schemas), ['AddressDto', 'CreatePostDto', 'ErrorResponse', 'PostDto', 'TagDto', 'ValidationError']);
  const dto = schemas.CreatePostDto as { properties: Record<string, Record<string, unknown>>; required: string[] };
  assert.equal(dto.properties.title, { minLength: 1, type: 'string' });
  assert.equal(dto.properties.address, { $ref: '#/components/schemas/AddressDto' });
  assert.equal(dto.properties.tags, { items: { $ref: '#/components/schemas/TagDto' }, minItems: 1, type: 'array' });
  assert.equal(dto.properties.status, { enum: ['draft', 'published'], type: 'string' });
  assert.equal(dto.properties.rating, { maximum: 10, type: 'integer', minimum: 0 });
  assert.equal(dto.required, ['title', 'content', 'address', 'tags']);
  assert.equal((schemas.AddressDto as { required: string[] }).required, ['city']);
});

generate('documents the 422 validation error of every @Body route with the body the runtime really sends', async () => {
  const doc = await document();
  assert.equal(doc.paths['/api/posts'].post!.responses['422'], { $ref: '#/components/responses/ValidationFailed' });
  const failed = doc.components.responses.ValidationFailed;
  assert.is(failed.description, 'Validation failed');
  assert.equal(failed.content!['application/json'].schema, { $ref: '#/components/schemas/ValidationError' });
  assertMatches(failed.content!['application/json'].example, doc.components.schemas.ValidationError);
  assert.is(doc.paths['/api/posts'].get!.responses['422'], undefined);
  const response = await app.handle(
    new Request('http://x/api/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: '', content: 'c', address: { city: 'x' }, tags: [{ name: 'a' }] }) }),
  );
  assert.is(response.status, 422);
  assertMatches(await response.json(), doc.components.schemas.ValidationError);
});

generate('documents the 404 and 500 error shape on every operation, matching the runtime body', async () => {
  const doc = await document();
  for (const item of Object.values(doc.paths)) {
    for (const operation of Object.values(item)) {
      assert.equal(operation!.responses['404'], { $ref: '#/components/responses/NotFound' });
      assert.equal(operation!.responses['500'], { $ref: '#/components/responses/InternalServerError' });
    }
  }
  // Regression: Swagger UI showed `"statusCode": 400` for a 404 when the shared schema had no example.
  const errorBody = (statusCode: number, message: string) => ({
    'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' }, example: { success: false, statusCode, message } },
  });
  assert.equal(doc.components.responses.NotFound, { description: 'Not Found', content: errorBody(404, 'Not Found') });
  assert.equal(doc.components.responses.InternalServerError, { description: 'Internal Server Error', content: errorBody(500, 'Internal Server Error') });
  const response = await app.handle(new Request('http://x/api/nope'));
  assert.is(response.status, 404);
  assertMatches(await response.json(), doc.components.schemas.ErrorResponse);
});

generate('uses the @HttpCode status for the default success response and @ApiResponse entries when given', async () => {
  const doc = await document();
  assert.equal(doc.paths['/api/posts'].post!.responses['201'], { description: 'Created' });
  assert.equal(doc.paths['/api/posts'].get!.responses['200'], {
    description: 'The posts',
    content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/PostDto' } } } },
  });
  assert.equal((doc.paths['/api/posts/{id}'].get!.responses['200'] as ResponseObject).content, { 'application/json': { schema: { $ref: '#/components/schemas/PostDto' } } });
  // A class-level @ApiResponse applies to every route of the controller.
  assert.is((doc.paths['/api/posts/{id}'].delete!.responses['401'] as ResponseObject).description, 'Not signed in');
});

// Issue 15 row 6: a handler's own 404 body ({ message }) was documented with the library's error schema.
generate('documents a handler-built error with the @ApiResponse type, not the library error schema, and the real body matches it', async () => {
  class MessageDto {
    @IsString()
    message!: string;
  }
  @Controller('/notes')
  class NotesController {
    @Get('/:id')
    @ApiResponse({ status: 404, description: 'No note with this id', type: MessageDto })
    findOne(context: RouteContext) {
      return context.json({ message: `Note ${context.params.id} not found` }, { status: 404 });
    }
  }
  const notes = createApplication({ controllers: [NotesController], basePath: '/notes-api' });
  const doc = await generateOpenApiDocument({ title: 'Notes', applications: [notes] });
  const notFound = doc.paths['/notes-api/notes/{id}'].get!.responses['404'] as ResponseObject;
  assert.equal(notFound, { description: 'No note with this id', content: { 'application/json': { schema: { $ref: '#/components/schemas/MessageDto' } } } });
  const response = await notes.handle(new Request('http://localhost/notes-api/notes/7'));
  assert.is(response.status, 404);
  assertMatches(await response.json(), doc.components.schemas.MessageDto);
});

generate('takes tags from the class and the method, summary, description and deprecated from @ApiOperation', async () => {
  const doc = await document();
  assert.equal(doc.tags, [{ name: 'posts' }, { name: 'writes' }]);
  assert.equal(doc.paths['/api/posts'].post!.tags, ['posts', 'writes']);
  const findOne = doc.paths['/api/posts/{id}'].get!;
  assert.is(findOne.summary, 'One post');
  assert.is(findOne.description, 'Finds a post by id.');
  assert.is(doc.paths['/api/posts/{id}'].patch!.deprecated, true);
  assert.is(doc.paths['/api/comments'].options!.tags, undefined);
});

generate('gives every operation a unique Controller_method operationId that @ApiOperation can override', async () => {
  const doc = await document();
  assert.is(doc.paths['/api/posts/{id}'].get!.operationId, 'PostsController_findOne');
  assert.is(doc.paths['/api/posts'].post!.operationId, 'PostsController_create');
  assert.is(doc.paths['/api/posts/{id}'].patch!.operationId, 'patchPost');
  const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((operation) => operation!.operationId));
  assert.is(new Set(ids).size, ids.length);
});

generate('documents an @All route under GET, POST, PUT, PATCH and DELETE', async () => {
  const item = (await document()).paths['/api/comments/any'];
  assert.equal(Object.keys(item), ['get', 'put', 'post', 'delete', 'patch']);
  assert.is(item.post!.operationId, 'CommentsController_any_post');
});

generate('lists HEAD and OPTIONS only where @Head or @Options declares them', async () => {
  const doc = await document();
  assert.equal(Object.keys(doc.paths['/api/posts/{id}']), ['get', 'put', 'delete', 'head', 'patch']);
  assert.equal(Object.keys(doc.paths['/api/comments']), ['options']);
  assert.not.ok('head' in doc.paths['/api/posts']);
});

generate('documents a route whether or not it carries any Api decorator', async () => {
  assert.equal((await document()).paths['/api/comments/{postId}/{commentId}'].get!.operationId, 'CommentsController_findOne');
});

generate('gives byte-identical JSON for the same input, also when generated afresh', async () => {
  const first = JSON.stringify(await document());
  const fresh = createDocumentGenerator();
  assert.is(JSON.stringify(await fresh({ title: 'Fixture API', applications: [app] })), first);
});

generate('returns the cached, frozen document for the same applications and options', async () => {
  const first = await document();
  assert.is(await document(), first);
  assert.ok(Object.isFrozen(first.paths['/api/posts']));
  assert.is.not(await generateOpenApiDocument({ title: 'Other', applications: [app] }), first);
});

generate('documents every route of every application created in the process by default', async () => {
  @Controller('/things')
  class ThingsController {
    @Get('/:id')
    findOne(context: RouteContext) {
      return context.params;
    }
  }
  createApplication({ controllers: [ThingsController], basePath: '/registry-test' });
  // Every application of the process: with `npm run test:openapi` that includes those of the security tests.
  const securitySchemes = { bearer: { type: 'http', scheme: 'bearer' }, apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } as const;
  const doc = await generateOpenApiDocument({ title: 'All', securitySchemes });
  assert.ok(doc.paths['/registry-test/things/{id}']);
});

generate('documents only the listed controllers when controllers is given', async () => {
  const { CommentsController } = await import('./fixture');
  const doc = await generateOpenApiDocument({ title: 'Some', applications: [app], controllers: [CommentsController] });
  assert.equal(Object.keys(doc.paths), ['/api/comments/{postId}/{commentId}', '/api/comments', '/api/comments/any']);
  // Only the components these operations refer to (issue 44: no unused components).
  assert.equal(Object.keys(doc.components.schemas), ['ErrorResponse']);
});

// Its speed is not timed here (a loaded CI machine made a 100 ms bound flaky): speed targets live in the benchmarks.
generate('generates the document for 1,000 routes', async () => {
  class ItemDto {
    @IsString()
    name!: string;
  }
  const controllers = Array.from({ length: 100 }, (_, c) => {
    @Controller(`/c${c}`)
    class Generated {}
    for (let m = 0; m < 10; m++) {
      Object.defineProperty(Generated.prototype, `m${m}`, { value: () => ({}), writable: true });
      Get(`/r${m}/:id`)(Generated.prototype, `m${m}`, Object.getOwnPropertyDescriptor(Generated.prototype, `m${m}`)!);
      if (m === 0) Body(ItemDto)(Generated.prototype, `m${m}`, 0);
    }
    Object.defineProperty(Generated, 'name', { value: `Generated${c}Controller` });
    return Generated;
  });
  const big = createApplication({ controllers, basePath: '/big' });
  const doc = await generateOpenApiDocument({ title: 'Big', applications: [big] });
  assert.is(Object.keys(doc.paths).length, 1000);
});

generate('fails with a message naming class-validator-jsonschema when it cannot be loaded', async () => {
  const missing = createDocumentGenerator(() =>
    Promise.reject(Object.assign(new Error("Cannot find package 'class-validator-jsonschema'"), { code: 'ERR_MODULE_NOT_FOUND' })),
  );
  try {
    await missing({ title: 'API', applications: [app] });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.instance(error, Error);
    assert.is(
      (error as Error).message,
      'generateOpenApiDocument needs class-validator-jsonschema to describe @Body and @ApiResponse DTO classes, and it could not be loaded: npm install class-validator-jsonschema',
    );
  }
  // Without DTOs the package is not needed at all.
  @Controller('/plain')
  class PlainController {
    @All('')
    any() {
      return {};
    }
  }
  const plain = createApplication({ controllers: [PlainController], basePath: '/plain-test' });
  const unavailable = createDocumentGenerator(() => Promise.reject(new Error('not installed')));
  assert.ok((await unavailable({ title: 'API', applications: [plain] })).paths['/plain-test/plain']);
});

generate('throws on a minified class name where the library kept its own names, naming the fix', async () => {
  class Minified {
    @IsString()
    title!: string;
  }
  Object.defineProperty(Minified, 'name', { value: 'p' });
  @Controller('/m')
  class MinifiedController {
    @Post('')
    create(@Body(Minified) dto: Minified) {
      return dto;
    }
  }
  const minified = createApplication({ controllers: [MinifiedController], basePath: '/minified' });
  try {
    await generateOpenApiDocument({ title: 'API', applications: [minified] });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.match((error as Error).message, 'a DTO class is named "p", which looks like a name a minifier made up');
    assert.match((error as Error).message, 'or name it with @ApiSchema({ name })');
  }
});

generate('throws when two different DTO classes share a name', async () => {
  const make = () => {
    class SameDto {
      @IsString()
      a!: string;
    }
    return SameDto;
  };
  const [First, Second] = [make(), make()];
  @Controller('/same')
  class SameController {
    @Post('/a')
    a(@Body(First) dto: object) {
      return dto;
    }
    @Post('/b')
    b(@Body(Second) dto: object) {
      return dto;
    }
  }
  const same = createApplication({ controllers: [SameController], basePath: '/same-test' });
  try {
    await generateOpenApiDocument({ title: 'API', applications: [same] });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.match((error as Error).message, 'two different DTO classes are both documented as SameDto: class SameDto and class SameDto');
  }
});

generate('describes an @ValidateNested property without @Type as a plain object and warns once', async () => {
  class InnerDto {
    @IsString()
    x!: string;
  }
  class OuterDto {
    @ValidateNested({ each: true })
    inner!: InnerDto[];
    @ValidateNested()
    @Type(() => InnerDto)
    typed!: InnerDto;
  }
  // What tsc and SWC emit for `inner!: InnerDto[]` with emitDecoratorMetadata (tsx emits none).
  Reflect.defineMetadata('design:type', Array, OuterDto.prototype, 'inner');
  @Controller('/outer')
  class OuterController {
    @Post('')
    create(@Body(OuterDto) dto: OuterDto) {
      return dto;
    }
  }
  const outer = createApplication({ controllers: [OuterController], basePath: '/outer-test' });
  const warnings: unknown[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
  try {
    const doc = await generateOpenApiDocument({ title: 'API', applications: [outer] });
    const properties = (doc.components.schemas.OuterDto as { properties: Record<string, unknown> }).properties;
    assert.equal(properties.inner, { items: { type: 'object' }, type: 'array' });
    assert.equal(properties.typed, { $ref: '#/components/schemas/InnerDto' });
    await generateOpenApiDocument({ title: 'Again', applications: [outer] });
  } finally {
    console.warn = warn;
  }
  assert.is(warnings.length, 1);
  assert.match(String(warnings[0]), 'OuterDto.inner is validated as a nested object but its class is unknown');
});

generate.run();

/** A small JSON Schema check for the error schemas: exact keys, required fields, types and consts. */
function assertMatches(value: unknown, schema: unknown): void {
  const s = schema as { type?: string; const?: unknown; required?: string[]; properties?: Record<string, unknown>; items?: unknown };
  if (s.const !== undefined) assert.is(value, s.const);
  if (s.type === 'object') {
    assert.type(value, 'object');
    const object = value as Record<string, unknown>;
    // Every key the schema declares, no other; optional ones (the requestId an example has none of) may be missing.
    for (const key of Object.keys(object)) assert.ok(key in (s.properties ?? {}), `undeclared ${key}`);
    for (const key of s.required ?? []) assert.ok(key in object, `missing ${key}`);
    for (const [key, child] of Object.entries(s.properties ?? {})) if (key in object) assertMatches(object[key], child);
  } else if (s.type === 'array') {
    assert.ok(Array.isArray(value));
    for (const item of value as unknown[]) assertMatches(item, s.items);
  } else if (s.type === 'integer') {
    assert.ok(Number.isInteger(value));
  } else if (s.type) {
    assert.type(value, s.type as 'string');
  }
}
