import { validate } from '@readme/openapi-parser';
import { IsInt, IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiResponse, Controller, Get, Produces, Sse, createApplication, generateOpenApiDocument } from '../../runtime/index';
import type { ResponseObject } from '../../runtime/openapi/types';

class TickDto {
  @IsInt()
  n!: number;

  @IsString()
  at!: string;
}

@Controller('/media')
class MediaController {
  @Sse()
  @ApiResponse({ status: 200, description: 'Ticks', type: TickDto })
  @Get('/ticks')
  async *ticks() {}

  @Sse()
  @Get('/untyped')
  async *untyped() {}

  @Produces('application/pdf')
  @Get('/report.pdf')
  pdf() {}

  @Produces('text/csv')
  @ApiResponse({ status: 200, description: 'The rows' })
  @Get('/rows.csv')
  csv() {}

  @Produces('application/vnd.example+json')
  @ApiResponse({ status: 200, type: TickDto })
  @Get('/vendor')
  vendor(): TickDto {
    return { n: 1, at: 'now' };
  }
}

const app = createApplication({ controllers: [MediaController], basePath: '/streams-doc' });
const ok = async (path: string) => ((await generateOpenApiDocument({ title: 'T', applications: [app] })).paths[path].get!.responses['200'] as ResponseObject).content;

const media = suite('OpenAPI: @Sse and @Produces');

media('the document with event streams and binary media types is a valid OpenAPI 3.1 document', async () => {
  const document = await generateOpenApiDocument({ title: 'T', applications: [app] });
  const result = await validate(structuredClone(document) as never);
  assert.ok(result.valid, JSON.stringify((result as { errors?: unknown }).errors));
});

media('@Sse with @ApiResponse({ type }): text/event-stream whose events carry the DTO as JSON data (x-itemSchema)', async () => {
  assert.equal(await ok('/streams-doc/media/ticks'), {
    'text/event-stream': {
      schema: { type: 'string' },
      'x-itemSchema': {
        type: 'object',
        required: ['data'],
        properties: {
          data: { type: 'string', contentMediaType: 'application/json', contentSchema: { $ref: '#/components/schemas/TickDto' } },
          event: { type: 'string' },
          id: { type: 'string' },
          retry: { type: 'integer', minimum: 0 },
        },
      },
    },
  });
  const document = await generateOpenApiDocument({ title: 'T', applications: [app] });
  assert.ok(document.components?.schemas?.TickDto, 'the event DTO is among the schemas');
});

media('@Sse without a type: text/event-stream with untyped data', async () => {
  const content = await ok('/streams-doc/media/untyped');
  assert.equal(Object.keys(content!), ['text/event-stream']);
  assert.equal(content!['text/event-stream']['x-itemSchema']!.properties!['data' as never], { type: 'string', contentMediaType: 'application/json' });
});

media('@Produces: a binary type is string/binary, a text type a string, a JSON type the DTO', async () => {
  assert.equal(await ok('/streams-doc/media/report.pdf'), { 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
  assert.equal(await ok('/streams-doc/media/rows.csv'), { 'text/csv': { schema: { type: 'string' } } });
  assert.equal(await ok('/streams-doc/media/vendor'), { 'application/vnd.example+json': { schema: { $ref: '#/components/schemas/TickDto' } } });
});

media.run();
