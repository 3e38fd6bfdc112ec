import { IsString } from 'class-validator';
import { ApiResponse, Controller, Get, type RouteContext } from 'next-app-controllers';

class PostDto {
  @IsString() id!: string;
  @IsString() title!: string;
}

declare function findPost(id: string): PostDto | undefined;

// #region typed
@Controller('/posts')
export class PostsController {
  @Get('/:id')
  @ApiResponse({ status: 200, type: PostDto })
  findOne(context: RouteContext): PostDto | Response {
    return findPost(context.params.id) ?? context.json({ message: 'not found' }, { status: 404 }); // compiles
  }

  @Get('/:id/draft')
  // @ts-expect-error Unable to resolve signature of method decorator: `titel` is no PostDto
  @ApiResponse({ status: 200, type: PostDto })
  draft(): { titel: string } {
    return { titel: 'typo' };
  }

  @Get('/:id/maybe')
  // @ts-expect-error `undefined` is not a PostDto either: return a Response (a 404) or throw instead
  @ApiResponse({ status: 200, type: PostDto })
  maybe(context: RouteContext): PostDto | undefined {
    return findPost(context.params.id);
  }

  @Get('')
  // @ts-expect-error an array needs isArray: true
  @ApiResponse({ status: 200, type: PostDto })
  list(): PostDto[] {
    return [];
  }

  @Get('/all')
  @ApiResponse({ status: 200, type: PostDto, isArray: true })
  async all(): Promise<PostDto[]> {
    return []; // Promise<…> and, with isArray: true, arrays compile
  }
}
// #endregion typed
