import { validate } from '@readme/openapi-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiResponse, CacheControl, Controller, ETag, Get, Post, RateLimit, createApplication, generateOpenApiDocument, problemDetails } from '../../runtime/index';
import type { ResponseObject } from '../../runtime/openapi/types';

class CachedPostDto {}

@Controller('/posts')
class PostsController {
  @Get('/:id')
  @ETag()
  @CacheControl({ private: true, noCache: true })
  @ApiResponse({ status: 200, type: CachedPostDto })
  findOne() {
    return {};
  }

  @Post('')
  @RateLimit({ limit: 5, window: 60_000 })
  create() {
    return {};
  }

  @Get('')
  list() {
    return [];
  }
}

const test = suite('OpenAPI: rate limits and HTTP caching');

test('a limited route documents its 429 (the shared TooManyRequests, with Retry-After and the RateLimit fields) and the fields on its 2xx', async () => {
  const app = createApplication({ basePath: '/limits', controllers: [PostsController], formatError: problemDetails });
  const doc = await generateOpenApiDocument({ title: 'API', applications: [app] });
  const create = doc.paths['/limits/posts'].post!;
  assert.equal(create.responses['429'], { $ref: '#/components/responses/TooManyRequests' });
  assert.equal(Object.keys(create.responses), ['200', '403', '404', '429', '500']);
  assert.equal((create.responses['200'] as ResponseObject).headers, {
    'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
    RateLimit: { $ref: '#/components/headers/RateLimit' },
  });
  const refused = doc.components.responses.TooManyRequests;
  assert.equal(Object.keys(refused.headers!), ['Retry-After', 'RateLimit-Policy', 'RateLimit']);
  assert.equal(Object.keys(refused.content!), ['application/problem+json']);
  assert.equal(Object.keys(doc.components.headers!).sort(), ['ETag', 'RateLimit', 'RateLimitPolicy', 'RetryAfter']);
  assert.is(doc.paths['/limits/posts'].get!.responses['429'], undefined);
  assert.ok((await validate(structuredClone(doc) as never)).valid);
});

test('an ETag route documents the ETag and Cache-Control headers on its 200 and its 304', async () => {
  const app = createApplication({ basePath: '/cached', controllers: [PostsController] });
  const doc = await generateOpenApiDocument({ title: 'API', applications: [app] });
  const findOne = doc.paths['/cached/posts/{id}'].get!;
  const headers = { 'Cache-Control': { description: 'How caches may keep the answer.', schema: { type: 'string', const: 'private, no-cache' } }, ETag: { $ref: '#/components/headers/ETag' } };
  assert.equal((findOne.responses['200'] as ResponseObject).headers, headers);
  assert.equal(findOne.responses['304'], { description: 'Not Modified: If-None-Match names the current ETag; no body', headers });
  assert.equal(Object.keys(findOne.responses), ['200', '304', '404', '500']);
});

test('createApplication({ etag, rateLimit }) documents them on every route; an application without them gets no new components', async () => {
  const everywhere = createApplication({ basePath: '/everywhere', controllers: [PostsController], etag: true, rateLimit: { limit: 100, window: 60_000 } });
  const doc = await generateOpenApiDocument({ title: 'API', applications: [everywhere] });
  assert.ok(doc.paths['/everywhere/posts'].get!.responses['304']);
  assert.ok(doc.paths['/everywhere/posts'].get!.responses['429']);
  assert.is(doc.paths['/everywhere/posts'].post!.responses['304'], undefined);

  @Controller('/plain')
  class PlainController {
    @Get('')
    list() {
      return [];
    }
  }
  const plain = await generateOpenApiDocument({ title: 'API', applications: [createApplication({ basePath: '/plain', controllers: [PlainController] })] });
  assert.is(plain.components.headers, undefined);
  assert.is(plain.components.responses.TooManyRequests, undefined);
  assert.equal(Object.keys(plain.paths['/plain/plain'].get!.responses), ['200', '404', '500']);
});

test("a POST route without a JSON @Body documents the CSRF check's 403 (components.responses.CrossSiteRefused); not with csrf: false, a declared 403, or a @Body", async () => {
  const app = createApplication({ basePath: '/csrf', controllers: [PostsController] });
  const doc = await generateOpenApiDocument({ title: 'API', applications: [app] });
  assert.equal(doc.paths['/csrf/posts'].post!.responses['403'], { $ref: '#/components/responses/CrossSiteRefused' });
  const refused = doc.components.responses.CrossSiteRefused;
  assert.is(refused.description, "Forbidden: a form posted from a page on another site (its Origin is not this app's)");
  assert.is((refused.content!['application/json'].example as { statusCode: number }).statusCode, 403);
  assert.ok((await validate(structuredClone(doc) as never)).valid);

  const off = await generateOpenApiDocument({ title: 'API', applications: [createApplication({ basePath: '/csrf-off', controllers: [PostsController], csrf: false })] });
  assert.is(off.paths['/csrf-off/posts'].post!.responses['403'], undefined);
  assert.is(off.components.responses.CrossSiteRefused, undefined);

  @Controller('/declared')
  class DeclaredController {
    @Post('')
    @ApiResponse({ status: 403, description: 'Not yours' })
    create() {}
  }
  const declared = await generateOpenApiDocument({ title: 'API', applications: [createApplication({ basePath: '/csrf-declared', controllers: [DeclaredController] })] });
  assert.is((declared.paths['/csrf-declared/declared'].post!.responses['403'] as ResponseObject).description, 'Not yours');
});

test.run();
