import type { NextConfig } from 'next';

// apps/web in a workspace: `init --swagger` also lists the root's node_modules, where the docs packages are hoisted.
const nextConfig: NextConfig = {
  serverExternalPackages: ['swagger-ui-dist'],
  // #region tracing
  outputFileTracingIncludes: {
    '/api-docs': ['./node_modules/swagger-ui-dist/*', '../../node_modules/swagger-ui-dist/*'],
    '/api/openapi.json': ['./openapi.json'],
  },
  // #endregion tracing
};

export default nextConfig;
