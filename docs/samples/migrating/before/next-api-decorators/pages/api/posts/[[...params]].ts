// One file per resource: pages/api/posts/[[...params]].ts; `/:id` needs the path-to-regexp package installed.
import {
  Body,
  Catch,
  createHandler,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Query,
  ValidationPipe,
} from 'next-api-decorators';
import { CreatePostDto, ListPostsQuery } from '@/features/posts/dto';
import { conduitErrors } from '../../../lib/conduit-errors';
import { CurrentUser, RequireUser, type User } from '../../../lib/auth';
import { postsService } from '../../../lib/posts.service';

@Catch(conduitErrors)
class PostsHandler {
  @Get()
  list(@Query(ValidationPipe({ whitelist: true, forbidNonWhitelisted: true })) query: ListPostsQuery) {
    return postsService.list(query.limit);
  }

  @Get('/:id')
  findOne(@Param('id') id: string) {
    const post = postsService.find(id);
    if (!post) throw new NotFoundException('Post not found');
    return post;
  }

  @Post()
  @HttpCode(201)
  @RequireUser()
  create(@Body(ValidationPipe({ whitelist: true, forbidNonWhitelisted: true })) body: CreatePostDto, @CurrentUser() user: User) {
    return postsService.create({ title: body.title, content: body.content, authorId: user.id });
  }
}

export default createHandler(PostsHandler);
