import { type } from 'arktype';
import { IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import * as z from 'zod';
import { Body, Controller, Form, Get, Headers, Params, Post, Query, createApplication, type StandardSchemaV1 } from '../../runtime/index';
import { jsonOf, postJson, request } from './helpers';

// Issue 34: `@Body`, `@Form`, `@Query`, `@Params` and `@Headers` take a Standard Schema (Zod 4, Valibot 1, ArkType 2)
// as well as a DTO class; the schema's `~standard.validate` decides, and its issues are the usual 422.

/** One body schema per library, of the same shape: a title, and tags with a name each. */
const BODIES: Record<string, StandardSchemaV1> = {
  zod: z.object({ title: z.string().min(1), tags: z.array(z.object({ name: z.string() })) }),
  valibot: v.object({ title: v.pipe(v.string(), v.minLength(1)), tags: v.array(v.object({ name: v.string() })) }),
  arktype: type({ title: 'string > 0', tags: type({ name: 'string' }).array() }),
};

function bodyApp(schema: StandardSchemaV1, onError?: (error: unknown) => void) {
  @Controller('/items')
  class ItemsController {
    @Post('')
    create(@Body(schema) body: unknown) {
      return { received: body };
    }
  }
  return createApplication({ controllers: [ItemsController], onError });
}

const body = suite('@Body(schema)');

for (const [library, schema] of Object.entries(BODIES)) {
  body(`${library}: a valid body reaches the handler as the schema's output`, async () => {
    const response = await postJson(bodyApp(schema), '/api/items', { title: 'Pen', tags: [{ name: 'office' }] });
    assert.is(response.status, 200);
    assert.equal(await jsonOf(response), { received: { title: 'Pen', tags: [{ name: 'office' }] } });
  });

  body(`${library}: an invalid body is a 422 with one entry per issue, nested fields and array indexes as dotted paths`, async () => {
    const response = await postJson(bodyApp(schema), '/api/items', { title: '', tags: [{ name: 'a' }, { name: 3 }] });
    assert.is(response.status, 422);
    const answer = (await jsonOf(response)) as { message: string; errors: { field: string; message: string; in: string }[] };
    assert.is(answer.message, 'Validation failed');
    // In the library's order (ArkType reports nested issues first).
    assert.equal(answer.errors.map(({ field, in: where }) => `${field} ${where}`).sort(), ['tags.1.name body', 'title body']);
    // The library's own messages.
    for (const error of answer.errors) assert.ok(error.message.length > 0);
  });
}

body("the handler gets the schema's output: Zod's transforms and defaults, not the body as sent", async () => {
  const schema = z.object({ title: z.string().transform((title) => title.toUpperCase()), draft: z.boolean().default(true) });
  const response = await postJson(bodyApp(schema), '/api/items', { title: 'pen', unknown: 1 });
  assert.equal(await jsonOf(response), { received: { title: 'PEN', draft: true } });
});

body('an ArkType type (a function) is taken as a schema, not as a DTO class: no 500', async () => {
  const schema = type({ title: 'string' });
  assert.type(schema, 'function');
  const response = await postJson(bodyApp(schema), '/api/items', { title: 7 });
  assert.is(response.status, 422);
  assert.equal(((await jsonOf(response)) as { errors: { field: string }[] }).errors[0].field, 'title');
});

body('a schema decides what a body may be: an array is validated, not refused with a 400', async () => {
  const schema = z.array(z.string());
  assert.equal(await jsonOf(await postJson(bodyApp(schema), '/api/items', ['a', 'b'])), { received: ['a', 'b'] });
  const invalid = await postJson(bodyApp(schema), '/api/items', ['a', 1]);
  assert.is(invalid.status, 422);
  assert.equal(((await jsonOf(invalid)) as { errors: { field: string }[] }).errors.map((error) => error.field), ['1']);
});

body('the body is still read as for a DTO: 415, 400 for malformed JSON, too deep, and __proto__ dropped', async () => {
  const app = bodyApp(z.looseObject({ a: z.unknown().optional() }));
  assert.is((await request(app, 'POST', '/api/items', { headers: { 'content-type': 'text/plain' }, body: '{}' })).status, 415);
  assert.is((await postJson(app, '/api/items', '{"a":')).status, 400);
  let deep: unknown = 1;
  for (let i = 0; i < 70; i++) deep = { a: deep };
  assert.is((await postJson(app, '/api/items', deep)).status, 400);
  assert.equal(await jsonOf(await postJson(app, '/api/items', '{"__proto__":{"polluted":1},"a":1}')), { received: { a: 1 } });
});

body('an async schema (a Promise from validate) is awaited', async () => {
  const schema = z.object({ name: z.string() }).refine(async (value) => value.name !== 'taken', { message: 'name is taken', path: ['name'] });
  const app = bodyApp(schema);
  assert.is((await postJson(app, '/api/items', { name: 'free' })).status, 200);
  const taken = await postJson(app, '/api/items', { name: 'taken' });
  assert.is(taken.status, 422);
  assert.equal(((await jsonOf(taken)) as { errors: unknown[] }).errors, [{ field: 'name', message: 'name is taken', in: 'body' }]);
});

/** A schema of no library: its validate throws, or rejects. */
function throwingSchema(how: 'throws' | 'rejects'): StandardSchemaV1 {
  return {
    '~standard': {
      version: 1,
      vendor: 'test',
      validate: () => {
        if (how === 'throws') throw new Error('validate threw');
        return Promise.reject(new Error('validate rejected'));
      },
    },
  };
}

for (const how of ['throws', 'rejects'] as const) {
  body(`a schema whose validate ${how} is a 500 through onError, not a hang or an unhandled rejection`, async () => {
    const reported: unknown[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const response = await postJson(
        bodyApp(throwingSchema(how), (error) => void reported.push(error)),
        '/api/items',
        { a: 1 },
      );
      assert.is(response.status, 500);
      await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    assert.is(reported.length, 1);
    assert.match((reported[0] as Error).message, how === 'throws' ? 'validate threw' : 'validate rejected');
    assert.equal(unhandled, []);
  });
}

body.run();

const inputs = suite('@Query, @Params, @Headers and @Form with a schema');

inputs('query values arrive as strings: the schema decides how to read them (z.coerce.number())', async () => {
  @Controller('/search')
  class SearchController {
    @Get('')
    search(@Query(z.object({ limit: z.coerce.number().int().max(100).optional(), tag: z.array(z.string()).optional() })) query: unknown) {
      return query;
    }
  }
  const app = createApplication({ controllers: [SearchController] });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/search?limit=20&tag=a&tag=b')), { limit: 20, tag: ['a', 'b'] });
  const invalid = await request(app, 'GET', '/api/search?limit=abc');
  assert.is(invalid.status, 422);
  assert.equal(((await jsonOf(invalid)) as { errors: { field: string; in: string }[] }).errors.map(({ field, in: where }) => [field, where]), [['limit', 'query']]);
});

for (const [library, schema] of Object.entries({
  zod: z.object({ slug: z.string().regex(/^[a-z-]+$/), id: z.coerce.number().int() }),
  valibot: v.object({ slug: v.pipe(v.string(), v.regex(/^[a-z-]+$/)), id: v.pipe(v.string(), v.transform(Number), v.integer()) }),
  arktype: type({ slug: /^[a-z-]+$/, id: 'string.integer.parse' }),
} as Record<string, StandardSchemaV1>)) {
  inputs(`${library}: path segments are validated and converted by the @Params schema; errors say in: 'path'`, async () => {
    @Controller('/posts')
    class PostsController {
      @Get('/:slug/comments/:id')
      comment(@Params(schema) params: unknown) {
        return params;
      }
    }
    const app = createApplication({ controllers: [PostsController] });
    assert.equal(await jsonOf(await request(app, 'GET', '/api/posts/hello-world/comments/7')), { slug: 'hello-world', id: 7 });
    const invalid = await request(app, 'GET', '/api/posts/Hello/comments/x');
    assert.is(invalid.status, 422);
    const errors = ((await jsonOf(invalid)) as { errors: { field: string; in: string }[] }).errors;
    assert.equal([...new Set(errors.map((error) => error.field))].sort(), ['id', 'slug']);
    assert.ok(errors.every((error) => error.in === 'path'));
  });
}

inputs('a strict @Params schema meets only the segments it names', async () => {
  @Controller('/orgs/:org')
  class ReposController {
    @Get('/repos/:repo')
    repo(@Params(z.strictObject({ repo: z.string() })) params: unknown) {
      return params;
    }
  }
  const app = createApplication({ controllers: [ReposController] });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/orgs/acme/repos/web')), { repo: 'web' });
});

inputs('headers are read by the schema’s keys, case-insensitively; without known keys, every header by its lower-case name', async () => {
  const unknownKeys: StandardSchemaV1<unknown, unknown> = {
    '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value: (value as Record<string, string>)['x-api-key'] ?? null }) },
  };
  @Controller('/me')
  class MeController {
    @Get('/strict')
    strict(@Headers(z.strictObject({ 'x-api-key': z.literal('secret') })) headers: unknown) {
      return headers;
    }

    @Get('/any')
    any(@Headers(unknownKeys) key: unknown) {
      return { key };
    }
  }
  const app = createApplication({ controllers: [MeController] });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/me/strict', { headers: { 'X-API-Key': 'secret', accept: 'x' } })), { 'x-api-key': 'secret' });
  const invalid = await request(app, 'GET', '/api/me/strict', { headers: { 'x-api-key': 'nope' } });
  assert.equal(((await jsonOf(invalid)) as { errors: { field: string; in: string }[] }).errors.map(({ field, in: where }) => [field, where]), [['x-api-key', 'header']]);
  assert.equal(await jsonOf(await request(app, 'GET', '/api/me/any', { headers: { 'X-Api-Key': 'k' } })), { key: 'k' });
});

inputs('a form reaches the schema as strings and Files; a repeated name as an array', async () => {
  @Controller('/uploads')
  class UploadsController {
    @Post('')
    upload(@Form(z.object({ title: z.string(), tags: z.array(z.string()), file: z.instanceof(File) })) form: { title: string; tags: string[]; file: File }) {
      return { title: form.title, tags: form.tags, file: form.file.name };
    }
  }
  const app = createApplication({ controllers: [UploadsController] });
  const form = new FormData();
  form.append('title', 'Report');
  form.append('tags', 'a');
  form.append('tags', 'b');
  form.append('file', new File(['x'], 'report.txt'));
  assert.equal(await jsonOf(await request(app, 'POST', '/api/uploads', { body: form })), { title: 'Report', tags: ['a', 'b'], file: 'report.txt' });
  const missing = new FormData();
  missing.append('title', 'Report');
  const invalid = await request(app, 'POST', '/api/uploads', { body: missing });
  assert.is(invalid.status, 422);
  assert.ok(((await jsonOf(invalid)) as { errors: { in: string }[] }).errors.every((error) => error.in === 'form'));
});

inputs('a schema and a DTO on one handler answer their failures together in one 422', async () => {
  class NoteDto {
    @IsString() text!: string;
  }
  @Controller('/notes')
  class NotesController {
    @Post('/:id')
    create(@Params(v.object({ id: v.pipe(v.string(), v.uuid()) })) params: unknown, @Body(NoteDto) note: NoteDto) {
      return { params, note };
    }
  }
  const app = createApplication({ controllers: [NotesController] });
  const response = await postJson(app, '/api/notes/7', { text: 1 });
  assert.is(response.status, 422);
  assert.equal(((await jsonOf(response)) as { errors: { field: string; in: string }[] }).errors.map(({ field, in: where }) => [field, where]), [
    ['text', 'body'],
    ['id', 'path'],
  ]);
});

inputs.run();
