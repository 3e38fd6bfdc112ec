import { createSwaggerUiHandler } from 'next-app-controllers';

// A picker in Swagger UI's top bar: every version's document first, then each version's.
export const GET = createSwaggerUiHandler({
  urls: [
    { url: '/api/openapi.json', name: 'all versions' },
    { url: '/api/openapi.json?version=1', name: 'v1' },
    { url: '/api/openapi.json?version=2', name: 'v2' },
  ],
});
