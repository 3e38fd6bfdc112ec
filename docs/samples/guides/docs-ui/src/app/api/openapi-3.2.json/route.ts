import '@/app';
import { generateOpenApiDocument } from 'next-app-controllers';

// #region v32
// The same document as OpenAPI 3.2, beside the 3.1 one that typed clients read.
export async function GET() {
  return Response.json(await generateOpenApiDocument({ title: 'Blog API', openapi: '3.2' }));
}
// #endregion v32
