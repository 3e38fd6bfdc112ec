import { createSwaggerUiHandler } from 'next-app-controllers';

export const GET = createSwaggerUiHandler({ openApiUrl: '/api/openapi.json' });
