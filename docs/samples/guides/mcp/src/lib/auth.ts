import { UnauthorizedError, type Middleware } from 'next-app-controllers';

// #region bearer
/** Lets through requests that carry the right bearer token. An MCP client's Authorization header reaches it. */
export const requireToken: Middleware = (context, next) => {
  if (context.request.headers.get('authorization') !== `Bearer ${process.env.API_TOKEN}`) {
    throw new UnauthorizedError('Send a bearer token.');
  }
  return next();
};
// #endregion bearer
