import { Controller, Get, Post, Use, cors, createApplication, type Middleware } from 'next-app-controllers';

const requireUser: Middleware = (context, next) =>
  context.request.headers.has('authorization') ? next() : context.json({ message: 'Sign in first' }, { status: 401 });

// #region route
@Controller('/widgets')
@Use(cors({ origin: (origin) => origin.endsWith('.example.com') })) // this controller's routes and their preflights
@Use(requireUser) // not run for a preflight: it carries no credentials
export class WidgetsController {
  @Get('')
  list() {
    return [];
  }

  @Post('')
  create() {
    return { id: '1' };
  }
}
// #endregion route

export const app = createApplication({ controllers: [WidgetsController] });
