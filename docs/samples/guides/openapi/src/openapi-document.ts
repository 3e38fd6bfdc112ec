import { generateOpenApiDocument, type OpenApiDocument } from 'next-app-controllers';
import { app } from '@/app';
import { PostsController } from '@/features/posts/controller';

// #region options
export function apiDocument(): Promise<OpenApiDocument> {
  return generateOpenApiDocument({
    title: 'Shop API', // info.title, required
    version: '2.3.0', // info.version, default '1.0.0'
    description: 'Posts and orders.',
    servers: [{ url: 'https://api.example.com' }], // default: none (Swagger UI calls the page's origin)
    applications: [app], // default: every application created in the process
    controllers: [PostsController], // default: every controller of those applications
  });
}
// #endregion options

// #region copy
export async function publicDocument(): Promise<OpenApiDocument> {
  // The document is frozen and shared (cached per application): change a copy.
  const document = structuredClone(await apiDocument());
  document.info.description = 'The public part of the API.';
  return document;
}
// #endregion copy
