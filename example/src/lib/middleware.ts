import { HttpError, type Middleware } from 'next-app-controllers';

/** The key the protected routes expect in `x-api-key`. Set EXAMPLE_API_KEY to change it. */
export const API_KEY = process.env.EXAMPLE_API_KEY ?? 'example-key';

/**
 * Rejects requests without the right key with a 401 HttpError; lets the others through. The key comes in `x-api-key`,
 * or as a bearer token (`Authorization: Bearer <key>`), which is how an MCP client sends it (/mcp passes it on).
 */
export const requireApiKey: Middleware = (context, next) => {
  const { headers } = context.request;
  if ((headers.get('x-api-key') ?? headers.get('authorization')?.replace(/^Bearer /i, '')) !== API_KEY) {
    throw new HttpError(401, 'Send the API key in the x-api-key header', { headers: { 'www-authenticate': 'ApiKey header="x-api-key"' } });
  }
  context.state.client = 'api-key';
  return next();
};

/** Global middleware (registered with app.use): adds `x-response-time` to every API response, errors included. */
export const responseTime: Middleware = async (_context, next) => {
  const started = performance.now();
  const response = await next();
  const headers = new Headers(response.headers);
  headers.set('x-response-time', `${(performance.now() - started).toFixed(1)}ms`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};
