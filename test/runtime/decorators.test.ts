import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type } from 'arktype';
import * as v from 'valibot';
import * as z from 'zod';
import { ApiOperation, ApiResponse, ApiTags, Body, Controller, Get, HttpCode, Post, Query, Use, createApplication } from '../../runtime/index';
import { methodRecord } from '../../runtime/metadata/records';

const decorators = suite('decorators');

const stage3Context = { kind: 'method', name: 'list', addInitializer() {} };

decorators('used as TC39 decorators, they say to turn on experimentalDecorators', () => {
  const hint = /needs TypeScript's legacy decorators: set "experimentalDecorators": true/;
  assert.throws(() => (Get('/x') as Function)(function list() {}, stage3Context), hint);
  assert.throws(() => (Controller('/x') as Function)(class {}, { kind: 'class' }), hint);
  assert.throws(() => (Use(() => undefined) as Function)(function list() {}, stage3Context), hint);
});

decorators('route decorators reject a path that is not a string', () => {
  class Target {
    list() {}
  }
  assert.throws(() => Get(42 as never)(Target.prototype, 'list', {}), /@Get\(path\) takes a string, got number/);
  assert.throws(() => Controller(null as never)(Target), /@Controller\(prefix\) takes a string/);
});

decorators('@Body needs a class and at most one per method', () => {
  class Dto {}
  class Target {
    create(_a: unknown, _b: unknown) {}
  }
  assert.throws(() => Body(undefined as never)(Target.prototype, 'create', 0), /@Body\(Dto\) on Target.create needs a DTO class/);
  Body(Dto)(Target.prototype, 'create', 0);
  assert.throws(() => Body(Dto)(Target.prototype, 'create', 1), /more than one @Body parameter/);
});

decorators('an input decorator takes a DTO class or a Standard Schema; anything else throws, naming the method and the parameter', () => {
  class Target {
    create(_a: unknown, _b: unknown, _c: unknown) {}
  }
  const fails = (input: unknown, got: string) =>
    assert.throws(
      () => Query(input as never)(Target.prototype, 'create', 2),
      (error: Error) =>
        error instanceof TypeError &&
        error.message === `@Query(Dto) on Target.create needs a DTO class or a Standard Schema (parameter 2), got ${got}.`,
    );
  fails(undefined, 'undefined'); // an import cycle's undefined
  fails(() => Target, 'function'); // `() => Dto`, as @Type takes it: a function, not a class
  fails({ type: 'object' }, 'object'); // a JSON Schema, not a Standard Schema
  fails('CreatePostDto', 'string');
});

decorators('a Standard Schema is recognised before the class check: an ArkType type is a function and is recorded as a schema', () => {
  const schemas = [z.object({ a: z.string() }), v.object({ a: v.string() }), type({ a: 'string' })];
  for (const schema of schemas) {
    class Target {
      create(_body: unknown) {}
    }
    Body(schema)(Target.prototype, 'create', 0);
    assert.equal(methodRecord(Target, 'create').body, { index: 0, schema });
  }
});

decorators('@HttpCode takes a success or error status only', () => {
  assert.throws(() => HttpCode(99), /from 200 to 599, got 99/);
  assert.throws(() => HttpCode(2.5), /got 2.5/);
});

decorators('@ApiResponse needs a numeric status', () => {
  assert.throws(() => ApiResponse({} as never), /needs a numeric status/);
});

decorators('a route decorator on something that is not a method is reported at creation', () => {
  @Controller('/odd')
  class Odd {
    declare field: string;
  }
  Get('/f')(Odd.prototype, 'field', {});
  assert.throws(() => createApplication({ controllers: [Odd] }), /Odd.field is decorated as a route but is not a method/);
});

decorators('OpenAPI decorators and middleware land on the route definitions, class before method', () => {
  const classMiddleware = async () => undefined;
  const methodMiddleware = async () => undefined;
  class CreateDto {}
  @Controller('/docs')
  @ApiTags('docs')
  @ApiResponse({ status: 401, description: 'Unauthorized' })
  @Use(classMiddleware)
  class DocsController {
    @Post('')
    @ApiTags('write')
    @ApiOperation({ summary: 'Create', operationId: 'createDoc' })
    @ApiResponse({ status: 201, description: 'Created' })
    @ApiResponse({ status: 409, description: 'Conflict' })
    @HttpCode(201)
    @Use(methodMiddleware)
    create(@Body(CreateDto) _body: CreateDto) {}

    @Get('/:id')
    findOne() {}
  }
  const [create, findOne] = createApplication({ controllers: [DocsController] }).routes;
  assert.equal(
    { path: create.path, method: create.method, tags: create.tags, operation: create.operation, httpCode: create.httpCode, body: create.body },
    { path: '/api/docs', method: 'POST', tags: ['docs', 'write'], operation: { summary: 'Create', operationId: 'createDoc' }, httpCode: 201, body: { index: 0, dto: CreateDto } },
  );
  assert.equal(create.responses.map((response) => response.status), [401, 201, 409]);
  assert.equal(create.middleware, [classMiddleware, methodMiddleware]);
  assert.equal({ path: findOne.path, tags: findOne.tags, order: findOne.order }, { path: '/api/docs/:id', tags: ['docs'], order: 1 });
});

decorators.run();
