import { createRequire } from 'node:module';
import type { OpenApiDocument, OpenApiOptions } from '../../runtime/index';

// The example app's documents, made in this process as its openapi.json routes make them (no server, no build). The
// example is a CommonJS package: tsx resolves its `next-app-controllers` to runtime/index.ts (tsconfig's paths) and
// requires it, so the generator is required too, to read the registry that holds the example's application.
const require = createRequire(import.meta.url);

/** The documents other people's tools are run on: 3.1 and 3.2 of every version, and one per API version. */
export const EXAMPLE_DOCUMENTS: Record<string, Partial<OpenApiOptions>> = {
  'example 3.1': {},
  'example 3.2': { openapi: '3.2' },
  'example v1': { apiVersion: '1' },
  'example v2': { apiVersion: '2' },
  'example v2 3.2': { apiVersion: '2', openapi: '3.2' },
};

let generate: ((options: OpenApiOptions) => Promise<OpenApiDocument>) | undefined;

export async function exampleDocument(options: Partial<OpenApiOptions>): Promise<OpenApiDocument> {
  if (!generate) {
    // Required, as the example requires the library: the same (CommonJS) instance of the registry the app is in.
    require('../../example/src/app.ts');
    generate = (require('../../runtime/openapi/index.ts') as typeof import('../../runtime/openapi/index')).createDocumentGenerator();
  }
  const { errorSchema } = require('../../example/src/lib/error-format.ts') as { errorSchema: OpenApiOptions['errorSchema'] };
  // As example/src/app/api/openapi.json/route.ts passes them.
  const securitySchemes = { apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } } as const;
  return generate({ title: 'API', errorSchema, securitySchemes, ...options });
}
