import type { NextConfig } from 'next';

// #region settings
const nextConfig: NextConfig = {
  // Tools are named after their operationId (PostsController_list) and described from the DTO schemas: keep the names.
  experimental: { serverMinification: false },
};
// #endregion settings

export default nextConfig;
