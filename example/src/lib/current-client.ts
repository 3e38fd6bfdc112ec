import { createParamDecorator, UnauthorizedError } from 'next-app-controllers';

/**
 * `@CurrentClient()`: who is calling, as the `requireApiKey` middleware left it in `context.state`. A route that
 * forgot the middleware answers 401 rather than running without a client.
 */
export const CurrentClient = createParamDecorator((context): string => {
  const client = context.state.client;
  if (typeof client !== 'string') throw new UnauthorizedError('Send the API key in the x-api-key header');
  return client;
});
