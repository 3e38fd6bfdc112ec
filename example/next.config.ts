import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // The API docs handler loads swagger-ui-dist at request time and serves its files from disk: bundled, they answer 404.
  serverExternalPackages: ['swagger-ui-dist'],
  experimental: {
    // Production builds minify server code and rename classes; the OpenAPI document names schemas and operations
    // after them (CreatePostDto, PostsController_create), so keep the names.
    serverMinification: false,
  },
};

export default nextConfig;
