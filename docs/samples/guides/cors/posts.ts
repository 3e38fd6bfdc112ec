import { Controller, Get, type RouteContext } from 'next-app-controllers';

@Controller('/posts')
export class PostsController {
  @Get('')
  list(context: RouteContext) {
    return context.json([], { headers: { 'x-total': '0' } });
  }
}
