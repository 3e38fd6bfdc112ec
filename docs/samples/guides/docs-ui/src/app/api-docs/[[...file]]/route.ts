import { createScalarHandler } from 'next-app-controllers';

export const GET = createScalarHandler({ openApiUrl: '/api/openapi.json' });
