import { Type } from 'class-transformer';
import { ArrayMinSize, IsEnum, IsInt, IsOptional, IsString, Max, Min, MinLength, ValidateNested } from 'class-validator';
import { All, ApiOperation, ApiResponse, ApiTags, Body, Controller, Delete, Get, Head, HttpCode, Options, Patch, Post, Put, createApplication, type RouteContext } from '../../runtime/index';

export enum PostStatus {
  Draft = 'draft',
  Published = 'published',
}

export class AddressDto {
  @IsString()
  city!: string;

  @IsOptional()
  @IsString()
  street?: string;
}

export class TagDto {
  @IsString()
  @MinLength(1)
  name!: string;
}

export class CreatePostDto {
  @IsString()
  @MinLength(1)
  title!: string;

  @IsString()
  content!: string;

  @IsOptional()
  @IsEnum(PostStatus)
  status?: PostStatus;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10)
  rating?: number;

  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;

  @ValidateNested({ each: true })
  @ArrayMinSize(1)
  @Type(() => TagDto)
  tags!: TagDto[];
}

export class PostDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;
}

@ApiTags('posts')
@ApiResponse({ status: 401, description: 'Not signed in' })
@Controller('/posts')
export class PostsController {
  @Get('')
  @ApiOperation({ summary: 'List posts' })
  @ApiResponse({ status: 200, description: 'The posts', type: PostDto, isArray: true })
  findAll() {
    return [];
  }

  @Get('/:id')
  @ApiOperation({ summary: 'One post', description: 'Finds a post by id.' })
  @ApiResponse({ status: 200, description: 'The post', type: PostDto })
  findOne(context: RouteContext) {
    // Typed as the DTO the route declares (the response contract checks it at compile time); the title is left out.
    return { id: context.params.id } as PostDto;
  }

  @Post('')
  @HttpCode(201)
  @ApiTags('writes')
  create(@Body(CreatePostDto) dto: CreatePostDto) {
    return dto;
  }

  @Put('/:id')
  replace(@Body(CreatePostDto) dto: CreatePostDto) {
    return dto;
  }

  @Patch('/:id')
  @ApiOperation({ operationId: 'patchPost', deprecated: true })
  update() {
    return {};
  }

  @Delete('/:id')
  remove() {
    return undefined;
  }

  @Head('/:id')
  head() {
    return undefined;
  }
}

@Controller('/comments')
export class CommentsController {
  @Get('/:postId/:commentId')
  findOne(context: RouteContext) {
    return context.params;
  }

  @Options('')
  options() {
    return undefined;
  }

  @All('/any')
  any() {
    return {};
  }
}

export const app = createApplication({ controllers: [PostsController, CommentsController] });
