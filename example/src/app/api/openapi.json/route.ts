import '@/app';
import { errorSchema } from '@/lib/error-format';
import { generateOpenApiDocument } from 'next-app-controllers';

// One route, every document: /api/openapi.json is every version's, /api/openapi.json?version=2 version 2's (what
// `next-app-controllers openapi --api-version 2` asks it for).
export async function GET(request: Request) {
  const apiVersion = new URL(request.url).searchParams.get('version') ?? undefined;
  // `@ApiSecurity('apiKey')` routes name this scheme; Swagger UI then offers an Authorize button for it.
  const securitySchemes = { apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } } as const;
  try {
    return Response.json(await generateOpenApiDocument({ title: 'API', apiVersion, errorSchema, securitySchemes }));
  } catch (error) {
    // A version the app does not have: the message lists the ones it has.
    if (apiVersion !== undefined) return Response.json({ statusCode: 404, message: (error as Error).message }, { status: 404 });
    throw error;
  }
}
