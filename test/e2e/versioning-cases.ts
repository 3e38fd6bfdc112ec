import { validate } from '@readme/openapi-parser';
import * as assert from 'uvu/assert';
import type { ExampleSuite } from './example-suite';
import { send } from './harness';

const SUNSET = 'Wed, 30 Jun 2027 23:59:59 GMT';
// `since: '2026-01-01T00:00:00Z'` in features/authors/controller.ts.
const DEPRECATION = `@${Date.UTC(2026, 0, 1) / 1000}`;
const LINK = '</api-docs?urls.primaryName=v2>; rel="deprecation"';

/** `METHOD path` of every operation of a document. */
function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/**
 * Issue 37 on `next start`: the example's URI versioning (src/app.ts, features/authors), its deprecated version 1,
 * and the per-version documents of /api/openapi.json. Header and media-type versioning are covered through app.handle
 * in test/runtime/versioning.test.ts (the example uses one type).
 */
export function versioningCases({ test, server }: ExampleSuite): void {
  const get = (path: string) => send(server().port, 'GET', path);

  test('URI versioning: /api/v1/authors and /api/v2/authors answer each version; a route of both at each; the unversioned routes as before', async () => {
    const v1 = await get('/api/v1/authors');
    assert.is(v1.status, 200);
    assert.equal(v1.json(), [
      { id: '1', name: 'Ada Lovelace' },
      { id: '2', name: 'Alan Turing' },
    ]);
    const v2 = await get('/api/v2/authors/2');
    assert.is(v2.status, 200);
    assert.equal(v2.json(), { id: '2', firstName: 'Alan', lastName: 'Turing' });
    assert.equal((await get('/api/v1/authors/count')).json(), { count: 2 });
    assert.equal((await get('/api/v2/authors/count')).json(), { count: 2 });
    assert.is((await get('/api/system/health')).status, 200);
    // No version named and no defaultVersion: the versioned routes are not reached without one.
    assert.is((await get('/api/authors')).status, 404);
  });

  test('a version the API does not have is a 404 in the app\'s error format, naming the versions', async () => {
    const response = await get('/api/v3/authors');
    assert.is(response.status, 404);
    assert.match(String(response.headers['content-type']), /json/);
    assert.match(response.text, 'API version 3 does not exist; this API has versions 1, 2.');
  });

  test('version 1 is deprecated: Deprecation, Sunset and Link on its answers, its errors too; version 2 sends none', async () => {
    for (const path of ['/api/v1/authors', '/api/v1/authors/1', '/api/v1/authors/99']) {
      const response = await get(path);
      assert.is(response.headers.deprecation, DEPRECATION, path);
      assert.is(response.headers.sunset, SUNSET, path);
      assert.is(response.headers.link, LINK, path);
    }
    assert.is((await get('/api/v1/authors/99')).status, 404);
    for (const path of ['/api/v2/authors', '/api/v1/authors/count']) {
      const response = await get(path);
      assert.is(response.headers.deprecation, undefined, path);
      assert.is(response.headers.sunset, undefined, path);
    }
  });

  test('/api/openapi.json?version=2 lists exactly version 2\'s operations (its own and the shared routes); ?version=1 marks version 1\'s deprecated', async () => {
    const every = (await get('/api/openapi.json')).json();
    const v2 = await get('/api/openapi.json?version=2');
    assert.is(v2.status, 200);
    const v2Document = v2.json();
    assert.equal(v2Document.info['x-api-version'], '2');
    const shared = operationsOf(every).filter((operation) => !/ \/api\/v\d\//.test(operation));
    assert.equal(operationsOf(v2Document), [...shared, 'GET /api/v2/authors', 'GET /api/v2/authors/count', 'GET /api/v2/authors/{id}'].sort());
    assert.ok((await validate(structuredClone(v2Document))).valid);
    const v1Document = (await get('/api/openapi.json?version=1')).json();
    assert.equal(operationsOf(v1Document), [...shared, 'GET /api/v1/authors', 'GET /api/v1/authors/count', 'GET /api/v1/authors/{id}'].sort());
    assert.is(v1Document.paths['/api/v1/authors'].get.deprecated, true);
    assert.is(v1Document.paths['/api/v1/authors/count'].get.deprecated, undefined);
    assert.equal(v1Document.components.schemas.AuthorV1Dto.required.sort(), ['id', 'name']);
    assert.is(v1Document.components.schemas.AuthorV2Dto, undefined);
    const unknown = await get('/api/openapi.json?version=7');
    assert.is(unknown.status, 404);
    assert.match(unknown.text, "apiVersion '7' is not a version of the documented applications; their versions are '1', '2'.");
  });
}
