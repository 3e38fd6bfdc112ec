import { ApiOperation, ApiResponse, Body, Controller, Delete, Get, HttpCode, McpTool, Post, Query, Use, type RouteContext } from 'next-app-controllers';
import { requireToken } from '@/lib/auth';
import { CreatePostDto, ListPostsQuery, PostDto } from './dto';

const posts: PostDto[] = [];

// #region controller
@Controller('/posts')
export class PostsController {
  @McpTool()
  @Get('')
  @ApiOperation({ summary: 'List posts', description: 'Newest last; ?limit caps the list.' })
  @ApiResponse({ status: 200, type: PostDto, isArray: true })
  list(@Query(ListPostsQuery) query: ListPostsQuery) {
    return posts.slice(0, query.limit ?? 20);
  }

  @McpTool()
  @Get('/:id')
  @ApiOperation({ summary: 'One post' })
  @ApiResponse({ status: 200, type: PostDto })
  findOne(context: RouteContext) {
    return posts.find((post) => post.id === context.params.id) ?? context.json({ message: 'Post not found' }, { status: 404 });
  }

  // Behind the bearer-token middleware: the agent's MCP client must send the token.
  @McpTool({ name: 'create_post', description: 'Publishes a post. Ask the user before calling it.' })
  @Use(requireToken)
  @Post('')
  @HttpCode(201)
  @ApiResponse({ status: 201, type: PostDto })
  create(@Body(CreatePostDto) body: CreatePostDto) {
    const post = { id: String(posts.length + 1), title: body.title, content: body.content };
    posts.push(post);
    return post;
  }

  // Not marked: not a tool, whatever the agent asks for.
  @Delete('/:id')
  @Use(requireToken)
  remove(context: RouteContext) {
    posts.splice(posts.findIndex((post) => post.id === context.params.id), 1);
  }
}
// #endregion controller
