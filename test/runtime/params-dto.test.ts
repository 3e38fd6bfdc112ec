import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type } from 'arktype';
import * as v from 'valibot';
import * as z from 'zod';
import { Controller, Get, Params, createApplication } from '../../runtime/index';
import { assertParamsDtosMatchRoutes } from '../../runtime/routing/params-dto';

class SlugParams {
  @IsString() slug!: string;
}

class TypoParams {
  @IsString() slugg!: string;
}

class CommentParams extends SlugParams {
  @Type(() => Number) @IsInt() id!: number;
}

class OptionalExtraParams {
  @IsString() slug!: string;
  @IsOptional() @IsString() commentId?: string;
}

class Undecorated {
  slug!: string;
}

const check = suite('createApplication and @Params DTOs');

check('throws when a @Params DTO property matches no :segment, naming the route and the property', () => {
  @Controller('/articles')
  class ArticlesController {
    @Get('/:slug')
    show(@Params(TypoParams) _params: TypoParams) {}
  }
  assert.throws(
    () => createApplication({ controllers: [ArticlesController], basePath: '/p1' }),
    (error: Error) =>
      error instanceof TypeError &&
      error.message ===
        'createApplication: ArticlesController.show: @Params(TypoParams) declares slugg, but the route GET /p1/articles/:slug has no :slugg segment.',
  );
});

check('an inherited property, an optional one and a route without segments too', () => {
  @Controller('/articles')
  class InheritedController {
    @Get('/:id')
    show(@Params(CommentParams) _params: CommentParams) {}
  }
  assert.throws(() => createApplication({ controllers: [InheritedController], basePath: '/p2' }), /declares slug, but the route GET \/p2\/articles\/:id has no :slug segment/);
  @Controller('/articles')
  class OptionalController {
    @Get('/:slug')
    show(@Params(OptionalExtraParams) _params: OptionalExtraParams) {}
  }
  assert.throws(() => createApplication({ controllers: [OptionalController], basePath: '/p3' }), /declares commentId, .* no :commentId segment/);
  @Controller('/articles')
  class NoSegmentsController {
    @Get('')
    list(@Params(SlugParams) _params: SlugParams) {}
  }
  assert.throws(() => createApplication({ controllers: [NoSegmentsController], basePath: '/p4' }), /route GET \/p4\/articles has no :slug segment/);
});

check('accepts DTOs that declare some or all of the segments, and a DTO class-validator knows nothing of', async () => {
  @Controller('/articles')
  class GoodController {
    @Get('/:slug/comments/:id')
    comment(@Params(CommentParams) params: CommentParams) {
      return params;
    }

    @Get('/:slug/likes/:id')
    likes(@Params(SlugParams) params: SlugParams) {
      return params;
    }

    @Get('/:slug/plain')
    plain(@Params(Undecorated) _params: Undecorated) {
      return { ok: true };
    }
  }
  const app = createApplication({ controllers: [GoodController], basePath: '/p5' });
  const response = await app.handle(new Request('http://localhost/p5/articles/a/comments/3'));
  assert.equal(await response.json(), { slug: 'a', id: 3 });
});

check('checks nothing when class-validator has not been loaded (no DTO uses it), and reads its storage without loading it', () => {
  @Controller('/x')
  class Unloaded {
    @Get('/:slug')
    show(@Params(TypoParams) _params: TypoParams) {}
  }
  const global = globalThis as { classValidatorMetadataStorage?: unknown };
  const storage = global.classValidatorMetadataStorage;
  assert.ok(storage, 'class-validator keeps its storage on globalThis');
  delete global.classValidatorMetadataStorage;
  try {
    createApplication({ controllers: [Unloaded], basePath: '/p6' });
  } finally {
    global.classValidatorMetadataStorage = storage;
  }
  assert.not.throws(() => assertParamsDtosMatchRoutes([], undefined));
});

for (const [library, typo, good] of [
  ['zod', z.object({ slugg: z.string().optional() }), z.object({ slug: z.string() })],
  ['valibot', v.object({ slugg: v.optional(v.string()) }), v.object({ slug: v.string() })],
  ['arktype', type({ 'slugg?': 'string' }), type({ slug: 'string' })],
  // Without shape or entries (a pipe), the keys come from the schema's Standard JSON Schema.
  ['zod (a pipe)', z.object({ slugg: z.string() }).transform((params) => params), z.object({ slug: z.string() }).transform((params) => params)],
] as const) {
  check(`a ${library} @Params schema whose keys name no :segment throws at createApplication, as a DTO does`, () => {
    @Controller('/articles')
    class SchemaController {
      @Get('/:slug')
      show(@Params(typo) _params: unknown) {}
    }
    assert.throws(
      () => createApplication({ controllers: [SchemaController], basePath: '/s1' }),
      (error: Error) =>
        error instanceof TypeError &&
        error.message === 'createApplication: SchemaController.show: @Params(schema) declares slugg, but the route GET /s1/articles/:slug has no :slugg segment.',
    );
    @Controller('/articles')
    class GoodSchemaController {
      @Get('/:slug/comments/:id')
      show(@Params(good) _params: unknown) {}
    }
    assert.not.throws(() => createApplication({ controllers: [GoodSchemaController], basePath: '/s2' }));
  });
}

check('a schema whose keys cannot be read is not checked (nothing to check against)', () => {
  const opaque = { '~standard': { version: 1 as const, vendor: 'test', validate: (value: unknown) => ({ value }) } };
  @Controller('/articles')
  class OpaqueController {
    @Get('/:slug')
    show(@Params(opaque) _params: unknown) {}
  }
  assert.not.throws(() => createApplication({ controllers: [OpaqueController], basePath: '/s3' }));
});

check.run();
