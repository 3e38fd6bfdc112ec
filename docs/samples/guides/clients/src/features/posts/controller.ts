import {
  ApiResponse,
  ApiTags,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundError,
  OffsetPageQuery,
  Paginated,
  Patch,
  Post,
  Put,
  Query,
  type RouteContext,
} from 'next-app-controllers';
import { CreatePostDto, PostDto, UpdatePostDto } from './dto';

interface PostRecord extends CreatePostDto {
  id: string;
}

@ApiTags('Posts')
@Controller('/posts')
export class PostsController {
  private readonly items = new Map<string, PostRecord>();
  private lastId = 0;

  @Get('')
  @Paginated(PostDto, { style: 'offset' })
  list(@Query(OffsetPageQuery) query: OffsetPageQuery) {
    // ?offset=0&limit=20: checked numbers (limit from 1 to 100, 20 when absent). To filter the list, give @Query a
    // DTO that extends OffsetPageQuery. The answer is { items, total }, with Link headers to the other pages.
    const items = [...this.items.values()];
    return { items: items.slice(query.offset, query.offset + query.limit), total: items.length };
  }

  @Get('/:id')
  @ApiResponse({ status: 200, type: PostDto })
  findOne(context: RouteContext) {
    return this.find(context.params.id);
  }

  @Post('')
  @HttpCode(201)
  @ApiResponse({ status: 201, type: PostDto })
  create(@Body(CreatePostDto) body: CreatePostDto) {
    // Records are built from the fields the DTO declares: the client never chooses the id or adds a field.
    const item: PostRecord = { id: String(++this.lastId), title: body.title, content: body.content };
    this.items.set(item.id, item);
    return item;
  }

  @Put('/:id')
  @ApiResponse({ status: 200, type: PostDto })
  replace(context: RouteContext, @Body(CreatePostDto) body: CreatePostDto) {
    const { id } = this.find(context.params.id);
    const item: PostRecord = { id, title: body.title, content: body.content };
    this.items.set(id, item);
    return item;
  }

  @Patch('/:id')
  @ApiResponse({ status: 200, type: PostDto })
  update(context: RouteContext, @Body(UpdatePostDto) body: UpdatePostDto) {
    const item = { ...this.find(context.params.id) };
    if (body.title !== undefined) item.title = body.title;
    if (body.content !== undefined) item.content = body.content;
    this.items.set(item.id, item);
    return item;
  }

  @Delete('/:id')
  @HttpCode(204)
  remove(context: RouteContext) {
    this.items.delete(this.find(context.params.id).id);
  }

  private find(id: string): PostRecord {
    const item = this.items.get(id);
    if (!item) throw new NotFoundError('Post not found');
    return item;
  }
}
