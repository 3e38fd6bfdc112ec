import '../../../app';
import { generateOpenApiDocument } from 'next-app-controllers';
import { conduitErrorSchema } from '../../../lib/error-format';

export async function GET() {
  return Response.json(await generateOpenApiDocument({ title: 'API', errorSchema: conduitErrorSchema }));
}
