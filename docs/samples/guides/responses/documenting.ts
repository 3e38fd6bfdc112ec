import { IsString, MinLength } from 'class-validator';
import { ApiResponse, Body, Controller, Delete, Get, HttpCode, Post } from 'next-app-controllers';

class CreatePostDto {
  @IsString() @MinLength(1) title!: string;
}

class PostDto {
  @IsString() id!: string;
  @IsString() title!: string;
}

declare const posts: { list(): PostDto[]; add(post: CreatePostDto): PostDto };

@Controller('/posts')
export class PostsController {
  // #region documented
  @Get('')
  @ApiResponse({ status: 200, type: PostDto, isArray: true }) // schema: { type: 'array', items: { $ref: '#/components/schemas/PostDto' } }
  list() { return posts.list(); } // records, stripped to PostDto

  @Post('')
  @HttpCode(201)
  @ApiResponse({ status: 201, type: PostDto, description: 'The new post' })
  create(@Body(CreatePostDto) body: CreatePostDto) { return posts.add(body); }

  @Delete('/:id')
  @HttpCode(204) // documented as 204 No Content
  remove() {}
  // #endregion documented
}
