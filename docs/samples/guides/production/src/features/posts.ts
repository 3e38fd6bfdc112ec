import { IsString } from 'class-validator';
import { Body, CacheControl, Controller, ETag, Get, Post, RateLimit, type RouteContext } from 'next-app-controllers';

class CreatePostDto {
  @IsString() title!: string;
}

const posts = new Map<string, { id: string; title: string }>();

// #region controller
@Controller('/posts')
@RateLimit({ limit: 300, window: 60_000 }) // all of this controller's routes: 300 requests a minute per client
export class PostsController {
  @Get('/:id')
  @ETag() // a strong ETag of the body; 304 for a matching If-None-Match
  @CacheControl({ private: true, noCache: true }) // browsers keep it, and ask again each time
  findOne(context: RouteContext) {
    return posts.get(context.params.id) ?? context.json({ message: 'Not found' }, { status: 404 });
  }

  @Post('')
  @RateLimit({ limit: 5, window: 60_000 }) // and at most 5 new posts a minute, on top
  create(@Body(CreatePostDto) body: CreatePostDto) {
    const post = { id: String(posts.size + 1), title: body.title };
    posts.set(post.id, post);
    return post;
  }
}
// #endregion controller

// #region public
@Controller('/catalogue')
export class CatalogueController {
  @Get('')
  @CacheControl('public, max-age=60, stale-while-revalidate=300') // a CDN may serve it for a minute
  list() {
    return [{ sku: 'pen' }];
  }
}
// #endregion public
