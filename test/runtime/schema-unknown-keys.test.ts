import { type } from 'arktype';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import * as z from 'zod';
import { Body, Controller, Get, Post, Query, createApplication, type StandardSchemaV1 } from '../../runtime/index';
import { jsonOf, postJson, request } from './helpers';

// Issue 44, item 9: a strict object schema refusing unknown keys names each key in its field errors, as
// class-validator's whitelist errors (`forbidNonWhitelisted`) name each property.

type Answer = { errors: { field: string; message: string; in: string }[] };

/** One strict schema per library: `title`, and `owner` a strict object of its own. */
const STRICT: Record<string, StandardSchemaV1> = {
  zod: z.strictObject({ title: z.string().optional(), owner: z.strictObject({ name: z.string() }).optional() }),
  valibot: v.strictObject({ title: v.optional(v.string()), owner: v.optional(v.strictObject({ name: v.string() })) }),
  arktype: type({ '+': 'reject', 'title?': 'string', 'owner?': { '+': 'reject', name: 'string' } }),
};

/** The same shape for a query: string values only. */
const STRICT_QUERIES: Record<string, StandardSchemaV1> = {
  zod: z.strictObject({ search: z.string().optional() }),
  valibot: v.strictObject({ search: v.optional(v.string()) }),
  arktype: type({ '+': 'reject', 'search?': 'string' }),
};

function app(bodySchema: StandardSchemaV1, querySchema: StandardSchemaV1) {
  @Controller('/items')
  class ItemsController {
    @Post('')
    create(@Body(bodySchema) body: unknown) {
      return body;
    }

    @Get('')
    list(@Query(querySchema) query: unknown) {
      return query;
    }
  }
  return createApplication({ controllers: [ItemsController] });
}

const strict = suite('strict object schemas: each unknown key is a field error naming it');

for (const library of Object.keys(STRICT)) {
  strict(`${library}: a body with two unknown keys answers 422 with one error per key, field = the key`, async () => {
    const response = await postJson(app(STRICT[library], STRICT_QUERIES[library]), '/api/items', { title: 'Pen', extra: 1, more: 2 });
    assert.is(response.status, 422);
    const { errors } = (await jsonOf(response)) as Answer;
    assert.equal(errors.map(({ field, in: where }) => `${field} ${where}`).sort(), ['extra body', 'more body']);
    for (const error of errors) assert.match(error.message, error.field);
  });

  strict(`${library}: an unknown key of a nested strict object is named by its dotted path`, async () => {
    const response = await postJson(app(STRICT[library], STRICT_QUERIES[library]), '/api/items', { owner: { name: 'Ann', age: 3 } });
    assert.is(response.status, 422);
    assert.equal(((await jsonOf(response)) as Answer).errors.map((error) => error.field), ['owner.age']);
  });

  strict(`${library}: a query with an unknown parameter answers 422 naming it, in: query`, async () => {
    const response = await request(app(STRICT[library], STRICT_QUERIES[library]), 'GET', '/api/items?search=a&page=2');
    assert.is(response.status, 422);
    assert.equal(((await jsonOf(response)) as Answer).errors.map(({ field, in: where }) => [field, where]), [['page', 'query']]);
  });

  strict(`${library}: without unknown keys the strict schema accepts`, async () => {
    const response = await postJson(app(STRICT[library], STRICT_QUERIES[library]), '/api/items', { title: 'Pen', owner: { name: 'Ann' } });
    assert.is(response.status, 200);
    assert.equal(await jsonOf(response), { title: 'Pen', owner: { name: 'Ann' } });
  });
}

strict('the other issues of the same body are kept beside the unknown keys', async () => {
  const response = await postJson(app(STRICT.zod, STRICT_QUERIES.zod), '/api/items', { title: 3, extra: 1 });
  assert.equal(((await jsonOf(response)) as Answer).errors.map((error) => error.field).sort(), ['extra', 'title']);
});

strict.run();
