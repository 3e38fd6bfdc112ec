import { ApiOperation, ApiResponse, ApiTags, Body, Controller, Get, HttpCode, Post, type RouteContext } from 'next-app-controllers';
import { CreatePostDto, PostDto, PostNotFoundDto } from './dto';

const posts = new Map<string, PostDto>();

// #region decorators
@ApiTags('Posts')
@Controller('/posts')
export class PostsController {
  @Get('/:id')
  @ApiOperation({ summary: 'One post', description: 'The post with this id.' })
  @ApiResponse({ status: 200, type: PostDto })
  @ApiResponse({ status: 404, type: PostNotFoundDto, description: 'No post has this id' })
  findOne(context: RouteContext) {
    return posts.get(context.params.id) ?? context.json({ message: 'Post not found' }, { status: 404 });
  }

  @Post('')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a post', operationId: 'createPost' })
  @ApiResponse({ status: 201, type: PostDto })
  create(@Body(CreatePostDto) body: CreatePostDto) {
    const post: PostDto = { id: String(posts.size + 1), title: body.title, content: body.content };
    posts.set(post.id, post);
    return post;
  }
}
// #endregion decorators
