import '../../../app';
import { generateOpenApiDocument } from 'next-app-controllers';

export async function GET() {
  // #region document
  return Response.json(
    await generateOpenApiDocument({ title: 'API', securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } }),
  );
  // #endregion document
}
