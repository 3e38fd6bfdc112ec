import { createSwaggerUiHandler } from 'next-app-controllers';

// A picker in Swagger UI's top bar, showing version 2's document first.
export const GET = createSwaggerUiHandler({
  urls: [
    { url: '/api/openapi.json?version=1', name: 'v1' },
    { url: '/api/openapi.json?version=2', name: 'v2' },
    { url: '/api/openapi.json', name: 'all versions' },
  ],
  swaggerUi: { 'urls.primaryName': 'v2' },
});
