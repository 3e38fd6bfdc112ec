import { createScalarHandler } from 'next-app-controllers';

// Scalar's API reference, served from @scalar/api-reference at /reference (Swagger UI is at /api-docs).
export const GET = createScalarHandler({ openApiUrl: '/api/openapi.json', title: 'API reference' });
