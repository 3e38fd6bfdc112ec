import { createScalarHandler } from 'next-app-controllers';

// #region scalar
// Served at /reference because this file is app/reference/[[...file]]/route.ts: no option says where.
export const GET = createScalarHandler({
  openApiUrl: '/api/openapi.json',
  title: 'Blog API',
  scalar: { theme: 'purple', hideModels: true }, // Scalar's own configuration, passed through (JSON values)
});
// #endregion scalar
