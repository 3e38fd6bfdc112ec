import type { NextConfig } from 'next';

// #region settings
const nextConfig: NextConfig = {
  outputFileTracingIncludes: {
    '/api-docs': ['./node_modules/@scalar/api-reference/package.json', './node_modules/@scalar/api-reference/dist/browser/standalone.js'],
    '/api/openapi.json': ['./openapi.json'],
  },
};
// #endregion settings

export default nextConfig;
