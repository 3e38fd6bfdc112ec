import { Validator } from '@seriousme/openapi-schema-validator';
import { IsInt, IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiResponse, ApiTags, Body, Controller, Get, Post, Sse, createApplication, generateOpenApiDocument } from '../../runtime/index';
import type { OpenApiDocument, ResponseObject } from '../../runtime/openapi/types';

class TickEvent32Dto {
  @IsInt()
  n!: number;
}

class Comment32Dto {
  @IsString()
  text!: string;
}

@ApiTags({ name: 'Posts', parent: 'Blog', summary: 'Posts', description: 'Everything about posts' })
@Controller('/posts')
class PostsController {
  @Sse()
  @ApiResponse({ status: 200, type: TickEvent32Dto })
  @Get('/events')
  async *events() {}

  @Get('')
  list() {
    return [];
  }
}

@ApiTags({ name: 'Comments', parent: 'Posts', kind: 'nav' })
@Controller('/comments')
class CommentsController {
  @Post('')
  create(@Body(Comment32Dto) body: Comment32Dto) {
    return body;
  }

  @ApiTags('Moderation')
  @Get('/flagged')
  flagged() {
    return [];
  }
}

const app = createApplication({ controllers: [PostsController, CommentsController], basePath: '/v32' });
const document = (openapi?: '3.1' | '3.2') => generateOpenApiDocument({ title: 'T', applications: [app], ...(openapi ? { openapi } : {}) });

async function schemaErrors(doc: OpenApiDocument): Promise<unknown> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc) as never);
  return result.valid ? undefined : result.errors;
}

const v32 = suite('generateOpenApiDocument({ openapi: "3.2" })');

v32('the 3.2 document validates against the official OpenAPI 3.2 schema, and says 3.2.0', async () => {
  const doc = await document('3.2');
  assert.is(doc.openapi, '3.2.0');
  assert.is(await schemaErrors(doc), undefined);
});

v32('an @Sse route documents each event with itemSchema, and the 3.1 extension is gone', async () => {
  const media = ((await document('3.2')).paths['/v32/posts/events'].get!.responses['200'] as ResponseObject).content!['text/event-stream'];
  // 3.2 reads `schema` of a sequential media type as the whole stream: the items are described by itemSchema alone.
  assert.is(media.schema, undefined);
  assert.is(media['x-itemSchema'], undefined);
  assert.equal(media.itemSchema, {
    type: 'object',
    required: ['data'],
    properties: {
      data: { type: 'string', contentMediaType: 'application/json', contentSchema: { $ref: '#/components/schemas/TickEvent32Dto' } },
      event: { type: 'string' },
      id: { type: 'string' },
      retry: { type: 'integer', minimum: 0 },
    },
  });
});

v32('tags given a parent form a hierarchy: every parent is a tag of the document, listed after the used ones', async () => {
  assert.equal((await document('3.2')).tags, [
    { name: 'Posts', summary: 'Posts', description: 'Everything about posts', parent: 'Blog' },
    { name: 'Comments', parent: 'Posts', kind: 'nav' },
    { name: 'Moderation' },
    { name: 'Blog' },
  ]);
});

v32('3.1 stays the default: the same operations, x-itemSchema, and tags with their description only', async () => {
  const [doc31, doc32] = [await document(), await document('3.2')];
  assert.is(doc31.openapi, '3.1.0');
  assert.equal(Object.keys(doc31.paths), Object.keys(doc32.paths));
  assert.ok(((doc31.paths['/v32/posts/events'].get!.responses['200'] as ResponseObject).content!['text/event-stream']['x-itemSchema']));
  assert.equal(doc31.tags, [{ name: 'Posts', description: 'Everything about posts' }, { name: 'Comments' }, { name: 'Moderation' }]);
  assert.equal(doc31.components, doc32.components);
  assert.is(await schemaErrors(doc31), undefined);
});

v32('the two versions are cached apart', async () => {
  assert.is(await document('3.2'), await document('3.2'));
  assert.is.not(await document('3.1'), await document('3.2'));
});

v32('an unknown version is an error that names the two it takes', async () => {
  try {
    await generateOpenApiDocument({ title: 'T', applications: [app], openapi: '3.0' as never });
    assert.unreachable();
  } catch (error) {
    assert.is((error as Error).message, `generateOpenApiDocument({ openapi }) takes '3.1' (the default) or '3.2', not "3.0".`);
  }
});

v32('a tag given two different parents is an error naming both and where', async () => {
  @ApiTags({ name: 'Shared', parent: 'A' })
  @Controller('/a')
  class AController {
    @Get('')
    a() {}
  }
  @Controller('/b')
  class BController {
    @ApiTags({ name: 'Shared', parent: 'B' })
    @Get('')
    b() {}
  }
  const clash = createApplication({ controllers: [AController, BController], basePath: '/clash' });
  try {
    await generateOpenApiDocument({ title: 'T', applications: [clash], openapi: '3.2' });
    assert.unreachable();
  } catch (error) {
    assert.is(
      (error as Error).message,
      'generateOpenApiDocument: the tag "Shared" is given two different parents ("A", then "B" on BController.b). Describe each tag once, or the same way everywhere.',
    );
  }
});

v32('parents that form a cycle are an error', async () => {
  @ApiTags({ name: 'X', parent: 'Y' }, { name: 'Y', parent: 'X' })
  @Controller('/x')
  class XController {
    @Get('')
    x() {}
  }
  const cyclic = createApplication({ controllers: [XController], basePath: '/cycle' });
  try {
    await generateOpenApiDocument({ title: 'T', applications: [cyclic], openapi: '3.2' });
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, "the tags' parents form a cycle (X → Y → X)");
  }
});

v32.run();
