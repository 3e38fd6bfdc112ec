import { IsString, MinLength } from 'class-validator';
import { Body, Controller, Post, cors, createApplication } from 'next-app-controllers';
import { corsOptions } from './lib/cors-options';
import { conduitErrors } from './lib/error-format';

class CreatePostDto {
  @IsString() @MinLength(1) title!: string;
  @IsString() content!: string;
}

@Controller('/posts')
class PostsController {
  @Post('')
  create(@Body(CreatePostDto) body: CreatePostDto) {
    return body;
  }
}

// #region app
export const app = createApplication({ controllers: [PostsController], formatError: conduitErrors });
app.use(cors(corsOptions));
// #endregion app
