import { IsInt, IsString } from 'class-validator';
import { ApiResponse, ApiTags, Controller, Get, Sse } from 'next-app-controllers';

class TickDto {
  @IsInt()
  n!: number;

  @IsString()
  at!: string;
}

// #region tags
@ApiTags({ name: 'Blog', summary: 'Blog', description: 'Everything the blog serves' })
@Controller('/blog')
export class BlogController {
  @Get('/about')
  about() {
    return { name: 'The team blog' };
  }
}

@ApiTags({ name: 'Posts', parent: 'Blog' })
@Controller('/posts')
export class PostsController {
  @Get('')
  list() {
    return [];
  }
}

@ApiTags({ name: 'Comments', parent: 'Posts', kind: 'nav' })
@Controller('/comments')
export class CommentsController {
  @Get('')
  list() {
    return [];
  }
}
// #endregion tags

// #region sse
@ApiTags('Streams')
@Controller('/streams')
export class StreamsController {
  @Sse()
  @Get('/ticks')
  @ApiResponse({ status: 200, type: TickDto })
  async *ticks() {
    for (let n = 1; n <= 3; n++) yield { n, at: new Date().toISOString() };
  }
}
// #endregion sse
