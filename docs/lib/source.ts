import { docs } from 'collections/server';
import { loader } from 'fumadocs-core/source';

/** Every page under content/docs (hand-written, and the generated reference/ and example-api/), served at /docs. */
export const source = loader({
  baseUrl: '/docs',
  source: docs.toFumadocsSource(),
});
