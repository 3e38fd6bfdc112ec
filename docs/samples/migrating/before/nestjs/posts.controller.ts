import { Body, Controller, Get, NotFoundException, Param, Post, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { CreatePostDto, ListPostsQuery } from '@/features/posts/dto';
import { AuthGuard, CurrentUser, type User } from './auth.guard';
import { PostsService } from './posts.service';
import { TimingInterceptor } from './timing.interceptor';

@Controller('posts')
@UseInterceptors(TimingInterceptor)
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Get()
  list(@Query() query: ListPostsQuery) {
    return this.posts.list(query.limit);
  }

  @Get(':id')
  findOne(@Param('id') id: string) {
    const post = this.posts.find(id);
    if (!post) throw new NotFoundException('Post not found');
    return post;
  }

  @Post() // 201: NestJS's default for POST
  @UseGuards(AuthGuard)
  create(@Body() body: CreatePostDto, @CurrentUser() user: User) {
    return this.posts.create({ title: body.title, content: body.content, authorId: user.id });
  }
}
