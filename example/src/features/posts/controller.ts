import {
  ApiOperation,
  ApiResponse,
  ApiSecurity,
  ApiTags,
  BadRequestError,
  Body,
  CacheControl,
  Controller,
  ETag,
  Delete,
  Get,
  HttpCode,
  McpTool,
  Paginated,
  Params,
  Patch,
  Post,
  Put,
  Query,
  Use,
  type RouteContext,
} from 'next-app-controllers';
import { MemoryStore, sharedStore } from '@/lib/memory-store';
import { requireApiKey } from '@/lib/middleware';
import { CreatePostDto, ListPostsQuery, PostDto, PostNotFoundDto, PostsFeedQuery, PostsPagesQuery, TaggedPostsDto, TagParams, UpdatePostDto } from './dto';

/** A post as the store keeps it: more than the API sends (editorPasswordHash stays on the server). */
export interface PostRecord {
  id: string;
  title: string;
  content: string;
  tags: { name: string }[];
  editorPasswordHash: string;
}

/** Stands for a secret a real store holds beside the public fields. */
export const EDITOR_PASSWORD_HASH = 'scrypt$example-salt$not-a-real-hash';

const posts = sharedStore('posts', () =>
  new MemoryStore<PostRecord>([
    { title: 'Hello, controllers', content: 'One catch-all route, many controllers.', tags: [{ name: 'next js' }], editorPasswordHash: EDITOR_PASSWORD_HASH },
    { title: 'Validation', content: 'DTOs are validated before the handler runs.', tags: [{ name: 'dto' }], editorPasswordHash: EDITOR_PASSWORD_HASH },
  ]),
);

// Handlers return the stored records: the response contract sends exactly the fields the route's
// @ApiResponse({ type: PostDto }) declares, so editorPasswordHash never leaves the server.

// The handlers' own 404 body is `{ message }`, not the library's error body: documented with its own type.
const NOT_FOUND = { status: 404, description: 'No post with this id', type: PostNotFoundDto };

function notFound(context: RouteContext) {
  return context.json({ message: `Post ${context.params.id} not found` }, { status: 404 });
}

@ApiTags('posts')
@Controller('/posts')
export class PostsController {
  // The three routes marked @McpTool are what an agent may call through /mcp (src/app/mcp/route.ts).
  @McpTool()
  @Get('')
  @ApiOperation({ summary: 'List posts (?limit, ?offset, ?tag)' })
  @ApiResponse({ status: 200, type: PostDto, isArray: true })
  list(@Query(ListPostsQuery) query: ListPostsQuery) {
    const { limit = 20, offset = 0, tag } = query;
    const tagged = tag === undefined ? posts.list() : posts.list().filter((post) => post.tags.some((entry) => entry.name === tag));
    return tagged.slice(offset, offset + limit);
  }

  // Declared before '/:id' on purpose: routes match in declaration order, so after it ':id' would capture "search".
  @Get('/search')
  @ApiOperation({ summary: 'Find posts whose title or content contains ?q=' })
  @ApiResponse({ status: 200, type: PostDto, isArray: true })
  search(context: RouteContext) {
    const q = (context.query.get('q') ?? '').toLowerCase();
    return posts.list().filter((post) => `${post.title}\n${post.content}`.toLowerCase().includes(q));
  }

  // Pages from the route (@Paginated): limit checked against the bounds (422), each item sent as a PostDto, Link headers.
  // The cursor is this route's own opaque string: here the index of the next post. /src/app/query/feed reads it page by page.
  @Get('/feed')
  @Paginated(PostDto, { style: 'cursor', defaultLimit: 2, maxLimit: 50 })
  @ApiOperation({ summary: 'Posts page by page (?cursor, ?limit)' })
  feed(@Query(PostsFeedQuery) query: PostsFeedQuery) {
    if (query.cursor !== undefined && !/^\d{1,9}$/.test(query.cursor)) throw new BadRequestError('cursor is not one this route gave');
    const all = posts.list();
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const end = start + query.limit;
    return { items: all.slice(start, end), nextCursor: end < all.length ? String(end) : null };
  }

  @Get('/pages')
  @Paginated(PostDto, { style: 'offset', defaultLimit: 2, maxLimit: 50 })
  @ApiOperation({ summary: 'Posts page by page (?offset, ?limit, ?tag)' })
  pages(@Query(PostsPagesQuery) { offset, limit, tag }: PostsPagesQuery) {
    const tagged = tag === undefined ? posts.list() : posts.list().filter((post) => post.tags.some((entry) => entry.name === tag));
    return { items: tagged.slice(offset, offset + limit), total: tagged.length };
  }

  @Get('/tags/:tag')
  @ApiOperation({ summary: 'Posts with a tag' })
  @ApiResponse({ status: 200, type: TaggedPostsDto })
  byTag(@Params(TagParams) { tag }: TagParams) {
    return { tag, posts: posts.list().filter((post) => post.tags.some((entry) => entry.name === tag)) };
  }

  // Browsers and clients keep the post and ask again with If-None-Match: 304 while it has not changed.
  @McpTool()
  @Get('/:id')
  @ETag()
  @CacheControl({ private: true, noCache: true })
  @ApiOperation({ summary: 'One post' })
  @ApiResponse({ status: 200, type: PostDto })
  @ApiResponse(NOT_FOUND)
  findOne(context: RouteContext) {
    const post = posts.get(context.params.id);
    return post ?? notFound(context);
  }

  @McpTool({ name: 'create_post' })
  @Post('')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a post' })
  @ApiResponse({ status: 201, type: PostDto })
  create(@Body(CreatePostDto) body: CreatePostDto) {
    return posts.insert({ title: body.title, content: body.content, tags: toTags(body.tags), editorPasswordHash: EDITOR_PASSWORD_HASH });
  }

  @Put('/:id')
  @ApiOperation({ summary: 'Replace a post' })
  @ApiResponse({ status: 200, type: PostDto })
  @ApiResponse(NOT_FOUND)
  replace(@Body(CreatePostDto) body: CreatePostDto, context: RouteContext) {
    const values = { title: body.title, content: body.content, tags: toTags(body.tags), editorPasswordHash: EDITOR_PASSWORD_HASH };
    return posts.replace(context.params.id, values) ?? notFound(context);
  }

  @Patch('/:id')
  @ApiOperation({ summary: 'Change some fields of a post' })
  @ApiResponse({ status: 200, type: PostDto })
  @ApiResponse(NOT_FOUND)
  update(@Body(UpdatePostDto) body: UpdatePostDto, context: RouteContext) {
    const changes = { title: body.title, content: body.content, tags: body.tags && toTags(body.tags) };
    return posts.update(context.params.id, changes) ?? notFound(context);
  }

  // Method-level middleware: deleting needs the API key. Returning nothing answers 204 (@HttpCode documents it).
  @Delete('/:id')
  @HttpCode(204)
  @Use(requireApiKey)
  @ApiSecurity('apiKey')
  @ApiOperation({ summary: 'Delete a post (needs x-api-key)' })
  @ApiResponse({ status: 401, description: 'No x-api-key header, or a wrong one' })
  @ApiResponse(NOT_FOUND)
  remove(context: RouteContext) {
    if (!posts.delete(context.params.id)) return notFound(context);
  }
}

function toTags(tags: { name: string }[] = []) {
  return tags.map((tag) => ({ name: tag.name }));
}
