import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Body, Controller, Get, Headers, Params, Post, Query, createApplication, generateOpenApiDocument } from '../../runtime/index';

class ListItemsQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional() @IsString({ each: true }) tags?: string[];
  @IsIn(['new', 'old']) order!: string;
}

class ItemParams {
  @Type(() => Number) @IsInt() @Min(1) id!: number;
}

class ApiKeyHeaders {
  @IsString() 'x-api-key'!: string;
}

class ItemBody {
  @IsString() name!: string;
}

@Controller('/shops/:shop/items')
class ItemsController {
  @Get('')
  list(@Query(ListItemsQuery) _query: ListItemsQuery, @Headers(ApiKeyHeaders) _headers: ApiKeyHeaders) {}

  @Post(':id')
  update(@Params(ItemParams) _params: ItemParams, @Body(ItemBody) _body: ItemBody) {}

  @All('any/:id')
  any(@Params(ItemParams) _params: ItemParams) {}

  @Get('plain/:id')
  plain() {}
}

const app = createApplication({ controllers: [ItemsController] });
const document = () => generateOpenApiDocument({ title: 'parameters', applications: [app] });

const parameters = suite('OpenAPI parameters of @Query, @Params and @Headers DTOs');

parameters('every property of a @Query and @Headers DTO is a parameter; required unless @IsOptional; arrays explode', async () => {
  const operation = (await document()).paths['/api/shops/{shop}/items'].get!;
  assert.equal(operation.parameters, [
    { name: 'shop', in: 'path', required: true, schema: { type: 'string' } },
    { name: 'limit', in: 'query', required: false, schema: { maximum: 100, type: 'integer', minimum: 1 } },
    { name: 'tags', in: 'query', required: false, schema: { items: { type: 'string' }, type: 'array' }, style: 'form', explode: true },
    { name: 'order', in: 'query', required: true, schema: { type: 'string', enum: ['new', 'old'] } },
    { name: 'x-api-key', in: 'header', required: true, schema: { type: 'string' } },
  ]);
  assert.ok(operation.responses['422'], 'a route with input DTOs documents its 422');
});

parameters('a @Params DTO gives its path parameters their schemas; the others stay strings; the body stays a body', async () => {
  const doc = await document();
  const update = doc.paths['/api/shops/{shop}/items/{id}'].post!;
  assert.equal(update.parameters, [
    { name: 'shop', in: 'path', required: true, schema: { type: 'string' } },
    { name: 'id', in: 'path', required: true, schema: { minimum: 1, type: 'integer' } },
  ]);
  assert.ok(update.requestBody);
  assert.equal(Object.keys(update), ['operationId', 'summary', 'parameters', 'requestBody', 'responses']);
  for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
    assert.equal(doc.paths['/api/shops/{shop}/items/any/{id}'][method]!.parameters![1].schema, { minimum: 1, type: 'integer' }, method);
  }
  const plain = doc.paths['/api/shops/{shop}/items/plain/{id}'].get!;
  assert.equal(plain.parameters!.map((parameter) => parameter.schema), [{ type: 'string' }, { type: 'string' }]);
  assert.is(plain.responses['422'], undefined);
});

parameters('input DTOs are not component schemas', async () => {
  assert.equal(Object.keys((await document()).components.schemas).filter((name) => !name.startsWith('Error') && !name.startsWith('Validation')), ['ItemBody']);
});

parameters.run();
