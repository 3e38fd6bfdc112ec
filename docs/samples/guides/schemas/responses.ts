import { ApiResponse, Controller, Get, type RouteContext } from 'next-app-controllers';
import * as z from 'zod';

interface PostRecord {
  id: string;
  title: string;
  passwordHash: string;
}
declare const posts: { get(id: string): PostRecord | undefined; list(): PostRecord[] };

// #region responses
const Post = z.object({ id: z.string(), title: z.string() }).meta({ id: 'Post' });

@Controller('/posts')
export class PostsController {
  @Get('')
  @ApiResponse({ status: 200, type: Post, isArray: true })
  list() {
    return posts.list(); // each record is sent as Post's output: { id, title }, the hash dropped by z.object
  }

  @Get('/:id')
  @ApiResponse({ status: 200, type: Post })
  findOne(context: RouteContext) {
    return posts.get(context.params.id) ?? context.json({ message: 'not found' }, { status: 404 });
  }
}
// #endregion responses
