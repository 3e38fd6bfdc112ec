import { IsString, MinLength } from 'class-validator';
import { Body, Controller, Get, NotFoundError, Post } from 'next-app-controllers';

class CreatePostDto {
  @IsString() @MinLength(1) title!: string;
  @IsString() content!: string;
}

@Controller('/posts')
class PostsController {
  @Get('/:id')
  findOne() {
    throw new NotFoundError('Post not found');
  }

  @Post('')
  create(@Body(CreatePostDto) body: CreatePostDto) {
    return body;
  }
}

export const controllers = [PostsController];
