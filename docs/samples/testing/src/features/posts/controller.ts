import {
  ApiResponse,
  ApiTags,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundError,
  Post,
  Query,
  Use,
  type RouteContext,
} from 'next-app-controllers';
import { requireUser } from '../../lib/auth';
import { CreatePostDto, ListPostsQuery, PostDto } from './dto';
import { posts } from './store';

@ApiTags('Posts')
@Controller('/posts')
export class PostsController {
  @Get('')
  @ApiResponse({ status: 200, type: PostDto, isArray: true })
  list(@Query(ListPostsQuery) query: ListPostsQuery) {
    return posts.list(query.limit ?? 20);
  }

  @Get('/:id')
  @ApiResponse({ status: 200, type: PostDto })
  findOne(context: RouteContext) {
    const post = posts.get(context.params.id);
    if (!post) throw new NotFoundError('Post not found');
    return post;
  }

  @Post('')
  @HttpCode(201)
  @Use(requireUser)
  @ApiResponse({ status: 201, type: PostDto })
  @ApiResponse({ status: 401, description: 'No valid bearer token' })
  create(@Body(CreatePostDto) body: CreatePostDto) {
    // Only the fields the DTO declares are copied: the client never chooses the id.
    return posts.add({ title: body.title, content: body.content });
  }

  @Delete('/:id')
  @HttpCode(204)
  @Use(requireUser)
  @ApiResponse({ status: 401, description: 'No valid bearer token' })
  remove(context: RouteContext) {
    if (!posts.remove(context.params.id)) throw new NotFoundError('Post not found');
  }
}
