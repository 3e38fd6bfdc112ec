import '@/app';
import { generateOpenApiDocument } from 'next-app-controllers';

// /api/openapi.json: every version's document. /api/openapi.json?version=2: version 2's.
export async function GET(request: Request) {
  const apiVersion = new URL(request.url).searchParams.get('version') ?? undefined;
  try {
    return Response.json(await generateOpenApiDocument({ title: 'Articles API', apiVersion }));
  } catch (error) {
    // A version the app does not have: the message lists the ones it has.
    if (apiVersion !== undefined) return Response.json({ message: (error as Error).message }, { status: 404 });
    throw error;
  }
}
