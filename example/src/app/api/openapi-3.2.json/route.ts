import '@/app';
import { errorSchema } from '@/lib/error-format';
import { generateOpenApiDocument } from 'next-app-controllers';

// The same document as OpenAPI 3.2: the @Sse route's events under itemSchema. 3.1 (/api/openapi.json) stays what
// the typed client reads: openapi-typescript does not read 3.2 yet.
export async function GET() {
  const securitySchemes = { apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } } as const;
  return Response.json(await generateOpenApiDocument({ title: 'API', errorSchema, securitySchemes, openapi: '3.2' }));
}
