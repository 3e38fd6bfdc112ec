import { validate } from '@readme/openapi-parser';
import { IsOptional, IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { Controller, CursorPageQuery, Get, McpTool, OffsetPageQuery, Paginated, Query, createApplication, generateOpenApiDocument } from '../../runtime/index';
import { describeTools } from '../../runtime/mcp/tools';
import type { ResponseObject } from '../../runtime/openapi/types';

class PagedItemDto {
  @IsString()
  id!: string;
}

class PagedItemsQuery extends CursorPageQuery {
  @IsOptional()
  @IsString()
  tag?: string;
}

class PagedOffsetQuery extends OffsetPageQuery {}

@Controller('/paged')
class PagedController {
  @Get('/')
  @McpTool()
  @Paginated(PagedItemDto, { style: 'cursor', maxLimit: 50 })
  list(@Query(PagedItemsQuery) query: PagedItemsQuery) {
    return { items: [], nextCursor: query.cursor ?? null };
  }

  @Get('/offset')
  @McpTool()
  @Paginated(z.object({ id: z.string() }), { style: 'offset', defaultLimit: 10 })
  byOffset(@Query(PagedOffsetQuery) query: PagedOffsetQuery) {
    return { items: [], total: query.offset };
  }
}

const app = createApplication({ basePath: '/api', controllers: [PagedController] });
const test = suite('@Paginated in the document');

test('the page parameters with their bounds, the envelope, the Link header and x-pagination; the document validates', async () => {
  const doc = await generateOpenApiDocument({ title: 'paged', applications: [app] });
  const cursor = doc.paths['/api/paged']!.get! as unknown as Record<string, unknown> & { parameters: unknown[]; responses: Record<string, ResponseObject> };
  assert.equal(cursor.parameters, [
    { name: 'tag', in: 'query', required: false, schema: { type: 'string' } },
    { name: 'cursor', in: 'query', required: false, description: "The previous page's nextCursor; absent for the first page.", schema: { type: 'string' } },
    { name: 'limit', in: 'query', required: false, description: 'How many items the page holds at most.', schema: { type: 'integer', minimum: 1, maximum: 50, default: 20 } },
  ]);
  assert.equal(cursor['x-pagination'], { style: 'cursor', pageParam: 'cursor', nextField: 'nextCursor' });
  const ok = cursor.responses['200'];
  assert.ok(ok.headers?.Link);
  assert.equal(ok.content!['application/json'].schema, {
    type: 'object',
    required: ['items', 'nextCursor'],
    properties: {
      items: { type: 'array', items: { $ref: '#/components/schemas/PagedItemDto' } },
      nextCursor: { type: ['string', 'null'], description: 'The cursor of the next page; null on the last page.' },
    },
  });
  assert.ok(cursor.responses['422']);
  const offset = doc.paths['/api/paged/offset']!.get! as unknown as Record<string, unknown> & { parameters: { name: string; schema: unknown }[]; responses: Record<string, ResponseObject> };
  assert.equal(offset['x-pagination'], { style: 'offset', pageParam: 'offset' });
  assert.equal(
    offset.parameters.map(({ name, schema }) => [name, schema]),
    [
      ['offset', { type: 'integer', minimum: 0, default: 0 }],
      ['limit', { type: 'integer', minimum: 1, maximum: 100, default: 10 }],
    ],
  );
  const envelope = offset.responses['200'].content!['application/json'].schema as { properties: { items: { items: Record<string, unknown> }; total: unknown } };
  assert.is((envelope.properties.items.items as { type?: string }).type, 'object');
  assert.equal(envelope.properties.total, { type: 'integer', minimum: 0, description: 'How many items the whole list holds.' });
  const result = await validate(structuredClone(doc) as never);
  assert.ok(result.valid, JSON.stringify(result));
});

test('an @McpTool route that paginates says so and takes the cursor', async () => {
  const tools = await describeTools(app as never, {});
  const list = tools.list.find((tool) => tool.name === 'PagedController_list')!;
  assert.match(list.description!, /call again with `cursor` set to `nextCursor`/);
  assert.ok((list.inputSchema.properties as Record<string, unknown>).cursor);
  const offset = tools.list.find((tool) => tool.name === 'PagedController_byOffset')!;
  assert.match(offset.description!, /`offset` increased by `limit`/);
});

test.run();
