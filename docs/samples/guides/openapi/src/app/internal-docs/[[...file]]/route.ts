import { createSwaggerUiHandler } from 'next-app-controllers';

// Swagger UI mounted at /internal-docs instead of /api-docs, with a few of its own settings.
export const GET = createSwaggerUiHandler({
  openApiUrl: '/api/openapi.json',
  title: 'Shop API', // default 'API documentation'
  path: '/internal-docs', // where this route file is mounted; default '/api-docs'
  swaggerUi: { docExpansion: 'none', persistAuthorization: true }, // Swagger UI settings, JSON values only
  // distPath: '/opt/swagger-ui-dist', // only when swagger-ui-dist cannot be resolved from the project
});
