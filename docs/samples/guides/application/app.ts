import { Controller, createApplication, Get, type RouteContext } from 'next-app-controllers';

@Controller('/posts')
class PostsController {
  @Get('/:id')
  findOne(context: RouteContext) {
    return { id: context.params.id };
  }
}

// #region options
export const app = createApplication({
  controllers: [PostsController], // required: matched in this order
  basePath: '/api', // the default; must match where the catch-all route file lives
  bodyLimit: 1_048_576, // the default (1 MiB): a larger @Body or @Form body is a 413
  bodyDepthLimit: 64, // the default: deeper nesting in a @Body is a 400
  validation: { whitelist: true, forbidNonWhitelisted: true }, // merged over { forbidUnknownValues: true }
  serialize: true, // the default: class instances go through instanceToPlain
  responseContract: 'strip', // the default: only the declared DTO's properties are sent
  onError: (error, request) => {
    // the default logs with console.error; return a Response to send it instead of the 500
    console.error(`${request.method} ${request.url} failed:`, error);
  },
});
// #endregion options

// #region members
const response = await app.handle(new Request('http://localhost/api/posts/1')); // no server needed
console.log(response.status, await response.json()); // 200 { id: '1' }

console.log(app.basePath); // '/api'
console.log(app.routes.map((route) => `${route.method} ${route.path}`)); // every route, in matching order
// #endregion members
