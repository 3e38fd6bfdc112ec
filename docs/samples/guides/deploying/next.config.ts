import type { NextConfig } from 'next';

// What `init --swagger` writes, with output: 'standalone' set before or after it.
const nextConfig: NextConfig = {
  output: 'standalone',
  serverExternalPackages: ['swagger-ui-dist'],
  // #region tracing
  outputFileTracingIncludes: { '/api-docs': ['./node_modules/swagger-ui-dist/*'], '/api/openapi.json': ['./openapi.json'] },
  // #endregion tracing
};

export default nextConfig;
