import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
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

check.run();
