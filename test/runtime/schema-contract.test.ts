import { type } from 'arktype';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import * as z from 'zod';
import {
  ApiResponse,
  Controller,
  Get,
  HttpCode,
  Post,
  createApplication,
  type ResponseContractError,
  type ResponseContractMode,
  type RouteContext,
  type StandardSchemaV1,
} from '../../runtime/index';
import { jsonOf, request } from './helpers';

// Issue 34: `@ApiResponse({ status, type: schema })` is the response contract too: what is sent is the schema's output
// for the returned value, and a value it rejects is a 500 through onError (a schema cannot strip without parsing).

const record = { id: '1', title: 'Hello', passwordHash: 'secret' };

const STRIPPING: Record<string, StandardSchemaV1> = {
  zod: z.object({ id: z.string(), title: z.string() }),
  valibot: v.object({ id: v.string(), title: v.string() }),
  arktype: type({ id: 'string', title: 'string' }).onUndeclaredKey('delete'),
};

function contractApp(schema: StandardSchemaV1, value: unknown, options: { responseContract?: ResponseContractMode; isArray?: boolean } = {}) {
  const errors: unknown[] = [];
  @Controller('/posts')
  class PostsController {
    @Get('')
    @ApiResponse({ status: 200, type: schema, isArray: options.isArray })
    list() {
      return value;
    }

    @Get('/created')
    @HttpCode(201)
    @ApiResponse({ status: 201, type: schema })
    created() {
      return value;
    }

    @Get('/response')
    @ApiResponse({ status: 200, type: schema })
    response(context: RouteContext) {
      return context.json({ anything: true }, { status: 404 });
    }
  }
  const app = createApplication({ controllers: [PostsController], responseContract: options.responseContract, onError: (error) => void errors.push(error) });
  return { app, errors };
}

const contract = suite('the response contract of a schema');

for (const [library, schema] of Object.entries(STRIPPING)) {
  contract(`${library}: the schema's output is sent, so undeclared keys are dropped`, async () => {
    const { app } = contractApp(schema, record);
    assert.equal(await jsonOf(await request(app, 'GET', '/api/posts')), { id: '1', title: 'Hello' });
    const created = await request(app, 'GET', '/api/posts/created');
    assert.is(created.status, 201);
    assert.equal(await jsonOf(created), { id: '1', title: 'Hello' });
  });
}

contract('isArray: each item is sent as the schema outputs it', async () => {
  const { app } = contractApp(STRIPPING.zod, [record, { ...record, id: '2' }], { isArray: true });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/posts')), [
    { id: '1', title: 'Hello' },
    { id: '2', title: 'Hello' },
  ]);
});

contract("the output is what is sent: a transform's result, a default", async () => {
  const schema = z.object({ at: z.date().transform((date) => date.toISOString().slice(0, 10)), tags: z.array(z.string()).default([]) });
  const { app } = contractApp(schema, { at: new Date('2024-05-01T10:00:00Z') });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/posts')), { at: '2024-05-01', tags: [] });
});

for (const mode of ['strip', 'validate'] as const) {
  contract(`'${mode}': a value the schema rejects is a 500, and onError gets a ResponseContractError naming the route and the fields`, async () => {
    const { app, errors } = contractApp(STRIPPING.valibot, { id: 1, passwordHash: 'secret' }, { responseContract: mode });
    const response = await request(app, 'GET', '/api/posts');
    assert.is(response.status, 500);
    assert.not.match(await response.text(), 'secret');
    assert.is(errors.length, 1);
    const error = errors[0] as ResponseContractError;
    assert.is(error.name, 'ResponseContractError');
    assert.is(error.route, 'GET /api/posts (PostsController.list)');
    assert.is(error.dto, 'a valibot schema');
    assert.equal(
      error.errors.map((entry) => entry.field),
      ['id', 'title'],
    );
    assert.match(error.errors[0].message, /^id: /);
  });
}

contract('isArray: a value that is not an array, and an item the schema rejects, name where', async () => {
  const single = contractApp(STRIPPING.zod, record, { isArray: true });
  assert.is((await request(single.app, 'GET', '/api/posts')).status, 500);
  assert.equal((single.errors[0] as ResponseContractError).errors, [{ field: '', message: 'the body must be an array' }]);
  const items = contractApp(STRIPPING.zod, [record, { id: '2' }], { isArray: true });
  assert.is((await request(items.app, 'GET', '/api/posts')).status, 500);
  assert.equal(
    (items.errors[0] as ResponseContractError).errors.map((entry) => entry.field),
    ['1.title'],
  );
});

contract("'off': the value is sent as it is", async () => {
  const { app } = contractApp(STRIPPING.zod, record, { responseContract: 'off' });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/posts')), record);
});

contract('a Response the handler returns is sent as it is', async () => {
  const { app } = contractApp(STRIPPING.zod, record);
  const response = await request(app, 'GET', '/api/posts/response');
  assert.is(response.status, 404);
  assert.equal(await jsonOf(response), { anything: true });
});

contract('an async schema is awaited, and its verdict counts', async () => {
  const schema = z.object({ id: z.string() }).refine(async (value) => value.id !== 'hidden', { message: 'hidden', path: ['id'] });
  assert.equal(await jsonOf(await request(contractApp(schema, record).app, 'GET', '/api/posts')), { id: '1' });
  const hidden = contractApp(schema, { id: 'hidden' });
  assert.is((await request(hidden.app, 'GET', '/api/posts')).status, 500);
  assert.equal((hidden.errors[0] as ResponseContractError).errors, [{ field: 'id', message: 'id: hidden' }]);
});

contract('a schema response on a POST route with a body: both sides at once', async () => {
  const Post_ = z.object({ id: z.string(), title: z.string() });
  @Controller('/drafts')
  class DraftsController {
    @Post('')
    @ApiResponse({ status: 200, type: Post_ })
    create() {
      return { ...record, title: 'Draft' };
    }
  }
  const app = createApplication({ controllers: [DraftsController] });
  assert.equal(await jsonOf(await request(app, 'POST', '/api/drafts')), { id: '1', title: 'Draft' });
});

contract.run();
