import { ApiResponse, ApiTags, Body, Controller, Get, HttpCode, Post, type RouteContext } from 'next-app-controllers';
import { CreatePostDto, PostDto } from './dto';

interface PostRecord extends CreatePostDto {
  id: string;
}

@ApiTags('Posts')
@Controller('/posts')
export class PostsController {
  private readonly items: PostRecord[] = [];

  @Get('')
  @ApiResponse({ status: 200, type: PostDto, isArray: true })
  list() {
    return this.items;
  }

  @Get('/:id')
  @ApiResponse({ status: 200, type: PostDto })
  findOne(context: RouteContext) {
    const item = this.items.find((entry) => entry.id === context.params.id);
    if (!item) {
      return context.json({ message: 'Post not found' }, { status: 404 });
    }
    return item;
  }

  @Post('')
  @HttpCode(201)
  @ApiResponse({ status: 201, type: PostDto })
  create(@Body(CreatePostDto) body: CreatePostDto) {
    // Only the fields the DTO declares are copied: the client never chooses the id.
    const item: PostRecord = { id: String(this.items.length + 1), title: body.title, content: body.content };
    this.items.push(item);
    return item;
  }
}
