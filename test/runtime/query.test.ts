import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Get, Query, createApplication } from '../../runtime/index';
import { jsonOf, request } from './helpers';

class PageQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;
}

@Controller('/items')
class ItemsController {
  @Get('')
  list(@Query(PageQuery) query: PageQuery) {
    return { limit: query.limit ?? null, offset: query.offset ?? null, isDto: query instanceof PageQuery };
  }
}

const app = createApplication({ controllers: [ItemsController], validation: { whitelist: true, forbidNonWhitelisted: true } });

const querySuite = suite('@Query');

querySuite('the query string is converted and validated into the DTO the handler receives', async () => {
  const response = await request(app, 'GET', '/api/items?limit=10&offset=20');
  assert.is(response.status, 200);
  assert.equal(await jsonOf(response), { limit: 10, offset: 20, isDto: true });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/items')), { limit: null, offset: null, isDto: true });
});

querySuite('an invalid or unknown query parameter answers 422 naming the field, and the handler does not run', async () => {
  for (const [search, field] of [['limit=0', 'limit'], ['limit=abc', 'limit'], ['offset=-1', 'offset'], ['sort=x', 'sort']]) {
    const response = await request(app, 'GET', `/api/items?${search}`);
    assert.is(response.status, 422, search);
    const body = (await jsonOf(response)) as { errors: { field: string; in: string }[] };
    assert.ok(body.errors.some((error) => error.field === field), `${search}: ${JSON.stringify(body)}`);
    assert.ok(body.errors.every((error) => error.in === 'query'), `${search}: every field error says in: 'query'`);
  }
});

querySuite('two @Query parameters on one method are a decoration error', () => {
  assert.throws(() => {
    class Twice {
      list(@Query(PageQuery) _a: PageQuery, @Query(PageQuery) _b: PageQuery) {}
    }
    return Twice;
  }, /more than one @Query parameter/);
});

querySuite.run();
