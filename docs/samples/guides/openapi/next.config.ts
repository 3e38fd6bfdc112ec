import type { NextConfig } from 'next';

// #region settings
const nextConfig: NextConfig = {
  serverExternalPackages: ['swagger-ui-dist'],
  outputFileTracingIncludes: { '/api-docs': ['./node_modules/swagger-ui-dist/*'], '/api/openapi.json': ['./openapi.json'] },
};
// #endregion settings

export default nextConfig;
