import type { CorsOptions } from 'next-app-controllers/proxy';

// A frontend on another origin (EXAMPLE_CORS_ORIGINS, comma-separated; default a dev server on port 3001) may call
// the API. Shared by the app's global cors() and the proxy's malformed-path answer, so both carry the same headers.
export const corsOptions: CorsOptions = {
  origin: (process.env.EXAMPLE_CORS_ORIGINS ?? 'http://localhost:3001').split(','),
  allowHeaders: ['content-type', 'x-api-key'],
  exposeHeaders: ['x-response-time'],
};
