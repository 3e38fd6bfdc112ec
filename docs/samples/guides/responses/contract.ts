import { Type } from 'class-transformer';
import { IsArray, IsString, ValidateNested } from 'class-validator';
import { ApiResponse, Controller, Get, type RouteContext } from 'next-app-controllers';

class TagDto {
  @IsString() name!: string;
}

class PostNotFoundDto {
  @IsString() message!: string;
}

/** What the store holds: more than any client may see. */
interface PostRecord {
  id: string;
  title: string;
  tags: { name: string }[];
  editorPasswordHash: string;
}

const posts = new Map<string, PostRecord>([
  ['1', { id: '1', title: 'Hello', tags: [{ name: 'intro' }], editorPasswordHash: '$2b$10$…' }],
]);

// #region contract
export class PostDto {
  @IsString() id!: string;
  @IsString() title!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => TagDto) tags!: TagDto[];
}

@Controller('/posts')
export class PostsController {
  @Get('/:id')
  @ApiResponse({ status: 200, type: PostDto })
  @ApiResponse({ status: 404, type: PostNotFoundDto })
  findOne(context: RouteContext) {
    return posts.get(context.params.id) ?? context.json({ message: 'not found' }, { status: 404 });
  } // the record { id, title, tags, editorPasswordHash } is sent as { id, title, tags }
}
// #endregion contract
