// The controller of the home page: a complete module, so that it compiles; the page shows the #controller region.
import { IsString, MinLength } from 'class-validator';
import { Body, Controller, Get, HttpCode, Post, type RouteContext } from 'next-app-controllers';

class CreatePostDto {
  @IsString()
  @MinLength(1)
  title!: string;

  @IsString()
  content!: string;
}

const posts = {
  items: new Map<string, CreatePostDto & { id: string }>(),
  get(id: string) {
    return this.items.get(id);
  },
  add(post: CreatePostDto) {
    const item = { id: String(this.items.size + 1), title: post.title, content: post.content };
    this.items.set(item.id, item);
    return item;
  },
};

// #region controller
@Controller('/posts')
export class PostsController {
  @Get('/:id')
  findOne(context: RouteContext) {
    return posts.get(context.params.id) ?? context.json({ message: 'Post not found' }, { status: 404 });
  }

  @Post('')
  @HttpCode(201)
  create(@Body(CreatePostDto) body: CreatePostDto) {
    return posts.add(body); // runs only with a valid CreatePostDto; otherwise the client gets a 422
  }
}
// #endregion controller
