import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { recoverNames } from '../../runtime/openapi/document/recover-names';
import type { OpenApiDocument } from '../../runtime/openapi/types';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const body = (name: string) => ({ content: { 'application/json': { schema: ref(name) } } });

/** The document a minified build makes: a placeholder per class, the component schemas keyed by them. */
function built(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'API', version: '1.0.0' },
    paths: {
      '/api/posts': {
        post: { operationId: 'minified-class-0_create', requestBody: body('minified-class-1'), responses: { '201': { description: 'Created', ...body('minified-class-2') } } },
        get: { operationId: 'minified-class-0_list', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'array', items: ref('minified-class-2') } } } } } },
      },
      '/api/notes': { post: { operationId: 'minified-class-0_note', requestBody: body('ZodNote'), responses: { '201': { description: 'Created' } } } },
    },
    components: {
      schemas: {
        'minified-class-1': { type: 'object', properties: { title: { type: 'string' }, author: ref('minified-class-3') } },
        'minified-class-2': { type: 'object', properties: { id: { type: 'integer' }, author: ref('minified-class-3') } },
        'minified-class-3': { type: 'object', properties: { name: { type: 'string' } } },
        ZodNote: { type: 'object', properties: { text: { type: 'string' } } },
      },
    },
  } as unknown as OpenApiDocument;
}

/** The same document as `next-app-controllers openapi` wrote it from the sources. */
function committed(): OpenApiDocument {
  const text = JSON.stringify(built())
    .replaceAll('minified-class-0', 'PostsController')
    .replaceAll('minified-class-1', 'CreatePostDto')
    .replaceAll('minified-class-2', 'PostDto')
    .replaceAll('minified-class-3', 'AuthorDto');
  const document = JSON.parse(text) as OpenApiDocument;
  const schemas = document.components!.schemas!;
  document.components!.schemas = Object.fromEntries(Object.keys(schemas).sort().map((name) => [name, schemas[name]]));
  return document;
}

const recover = suite('recoverNames');
const dir = mkdtempSync(join(tmpdir(), 'nac-recover-names-'));
recover.after(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, document: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(document));
  return file;
};

recover('reads every class name back from the committed document: the same document, its schemas in the same order', async () => {
  const file = write('openapi.json', committed());
  const recovered = await recoverNames(built(), file);
  assert.equal(recovered, committed());
  assert.equal(Object.keys(recovered.components!.schemas!), ['AuthorDto', 'CreatePostDto', 'PostDto', 'ZodNote']);
});

recover('names the classes it cannot read back when the committed document is older than the code', async () => {
  const older = committed() as unknown as { paths: Record<string, unknown> };
  delete older.paths['/api/posts'];
  const file = write('older.json', older);
  try {
    await recoverNames(built(), file);
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.match((error as Error).message, 'the names of the class of minified-class-1, the class of minified-class-2, the class of minified-class-3, the controller of minified-class-0_create, the controller of minified-class-0_list are not in');
    assert.match((error as Error).message, `are not in ${file} as the code uses them: it is older than the code. Run \`next-app-controllers openapi\` before \`next build\``);
  }
});

recover('says where it looked when there is no committed document', async () => {
  try {
    await recoverNames(built(), join(dir, 'missing.json'));
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.match((error as Error).message, `which is missing (looked for ${join(dir, 'missing.json')})`);
  }
});

recover('reads no file for a document without placeholders (schemas named by strings only)', async () => {
  const named = committed();
  assert.is(await recoverNames(named, join(dir, 'missing.json')), named);
});

recover.run();
