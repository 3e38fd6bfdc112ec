import { ApiResponse, Body, Controller, Get, HttpCode, NotFoundError, Paginated, Post, Query, type RouteContext } from 'next-app-controllers';
import { CreatePostDto, PostDto, PostsPageQuery } from './dto';

const posts: PostDto[] = [];

@Controller('/posts')
export class PostsController {
  // #region list
  @Get('')
  @Paginated(PostDto, { style: 'cursor', defaultLimit: 10 })
  list(@Query(PostsPageQuery) query: PostsPageQuery) {
    const start = query.cursor ? Number(query.cursor) : 0;
    const end = start + query.limit;
    return { items: posts.slice(start, end), nextCursor: end < posts.length ? String(end) : null };
  }
  // #endregion list

  @Get('/:id')
  @ApiResponse({ status: 200, type: PostDto })
  findOne(context: RouteContext) {
    const post = posts.find(({ id }) => id === context.params.id);
    if (!post) throw new NotFoundError('Post not found');
    return post;
  }

  @Post('')
  @HttpCode(201)
  @ApiResponse({ status: 201, type: PostDto })
  create(@Body(CreatePostDto) body: CreatePostDto) {
    const post = { id: String(posts.length + 1), title: body.title, createdAt: new Date().toISOString() };
    posts.push(post);
    return post;
  }
}
