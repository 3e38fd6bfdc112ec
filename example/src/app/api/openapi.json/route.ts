import '@/app';
import { errorSchema } from '@/lib/error-format';
import { generateOpenApiDocument } from 'next-app-controllers';

export async function GET() {
  // `@ApiSecurity('apiKey')` routes name this scheme; Swagger UI then offers an Authorize button for it.
  const securitySchemes = { apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } } as const;
  return Response.json(await generateOpenApiDocument({ title: 'API', errorSchema, securitySchemes }));
}
