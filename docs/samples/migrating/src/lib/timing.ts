import type { Middleware } from 'next-app-controllers';

/** What an interceptor did around the handler: code before `next()`, and after it with the response. */
export const timing: Middleware = async (context, next) => {
  const started = performance.now();
  const response = await next();
  response.headers.set('server-timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
  return response;
};
