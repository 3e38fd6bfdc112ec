import { Type } from 'class-transformer';
import { IsArray, IsInt, IsString, ValidateNested } from 'class-validator';
import { ApiResponse, ApiSchema, Controller, Get, type Class } from 'next-app-controllers';

class PostDto {
  @IsString() id!: string;
  @IsString() title!: string;
}

// #region page
function Page<T>(item: Class<T>) {
  @ApiSchema({ name: `${item.name}Page` })
  class PageOf {
    @IsArray() @ValidateNested({ each: true }) @Type(() => item) items!: T[];
    @IsInt() total!: number;
  }
  return PageOf;
}
const PostPage = Page(PostDto); // @ApiResponse({ status: 200, type: PostPage }) → #/components/schemas/PostDtoPage
// #endregion page

@Controller('/posts')
export class PostsController {
  @Get('')
  @ApiResponse({ status: 200, type: PostPage })
  list() {
    return { items: [{ id: '1', title: 'Hello' }], total: 1 };
  }
}
