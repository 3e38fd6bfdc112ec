import { ApiResponse, Body, Controller, Get, HttpCode, NotFoundError, Post, Query, Use, type RouteContext } from 'next-app-controllers';
import { CurrentUser, requireUser, type User } from '@/lib/auth';
import { timing } from '@/lib/timing';
import { CreatePostDto, ListPostsQuery, PostDto } from './dto';
import { postsService } from './posts.service';

@Controller('/posts')
@Use(timing)
export class PostsController {
  private readonly posts = postsService;

  @Get('')
  @ApiResponse({ status: 200, type: PostDto, isArray: true })
  list(@Query(ListPostsQuery) query: ListPostsQuery) {
    return this.posts.list(query.limit);
  }

  @Get('/:id')
  @ApiResponse({ status: 200, type: PostDto })
  findOne(context: RouteContext) {
    const post = this.posts.find(context.params.id);
    if (!post) throw new NotFoundError('Post not found');
    return post;
  }

  @Post('')
  @HttpCode(201)
  @Use(requireUser)
  @ApiResponse({ status: 201, type: PostDto })
  create(@Body(CreatePostDto) body: CreatePostDto, @CurrentUser() user: User) {
    return this.posts.create({ title: body.title, content: body.content, authorId: user.id });
  }
}
