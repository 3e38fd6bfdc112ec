import '@/app';
import { generateOpenApiDocument } from 'next-app-controllers';

export async function GET() {
  return Response.json(await generateOpenApiDocument({ title: 'Blog API' }));
}
