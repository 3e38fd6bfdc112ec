import { Controller, Get, Use, createApplication, type Middleware } from 'next-app-controllers';
import { userFrom } from './session';

const requireUser: Middleware = async (context, next) => {
  const user = await userFrom(context.request);
  if (!user) return context.json({ message: 'Sign in first' }, { status: 401 }); // answers; the handler does not run
  context.state.user = user;
  return next();
};

const timing: Middleware = async (context, next) => {
  const started = performance.now();
  const response = await next();
  response.headers.set('server-timing', `app;dur=${performance.now() - started}`);
  return response;
};

const audit: Middleware = async (context, next) => {
  console.info(`${context.request.method} ${new URL(context.request.url).pathname} by ${(context.state.user as { id: string }).id}`);
  return next();
};

@Controller('/admin')
@Use(requireUser) // every route of the controller
export class AdminController {
  @Get('/stats')
  @Use(audit) // one route
  stats() {}
}

export const app = createApplication({ controllers: [AdminController] });
app.use(timing); // global: every request, unmatched ones (400 malformed path, 404, 405, automatic OPTIONS) too
