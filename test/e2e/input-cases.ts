import * as assert from 'uvu/assert';
import type { ExampleSuite } from './example-suite';
import { API_KEY, send, type RawResponse } from './harness';

function jsonOf(response: RawResponse, status: number): any {
  assert.is(response.status, status, `status ${response.status}, body: ${response.text.slice(0, 300)}`);
  return response.json();
}

const located = (body: { errors: { field: string; in: string }[] }) => [...new Set(body.errors.map((error) => `${error.in}:${error.field}`))].sort();

/** Issue 11 over real HTTP: the example's @Query, @Params and @Headers DTOs and its @CurrentClient decorator. */
export function inputCases({ test, server }: ExampleSuite): void {
  const get = (path: string, headers: Record<string, string> = {}) => send(server().port, 'GET', path, { headers });
  const ids = async (path: string) => jsonOf(await get(path), 200).map((post: { id: string }) => post.id);

  test('GET /api/posts takes ?limit, ?offset and ?tag, converted from the query string', async () => {
    assert.equal(await ids('/api/posts?limit=1'), ['1']);
    assert.equal(await ids('/api/posts?offset=1&limit=5'), ['2']);
    assert.equal(await ids('/api/posts?tag=dto'), ['2']);
    assert.equal(await ids('/api/posts?tag=next%20js&unknown=kept'), ['1']);
  });

  test('an invalid query answers 422 with in: query, every mistake of the request in one answer', async () => {
    const body = jsonOf(await get('/api/posts?limit=abc&offset=-1'), 422);
    assert.equal(located(body), ['query:limit', 'query:offset']);
    assert.ok(body.errors.some((error: { message: string }) => error.message === 'limit must be an integer number'), JSON.stringify(body));
  });

  test('a @Params DTO checks the percent-decoded :tag (in: path)', async () => {
    assert.is(jsonOf(await get('/api/posts/tags/a%2Fb'), 200).tag, 'a/b');
    assert.equal(located(jsonOf(await get(`/api/posts/tags/${'x'.repeat(41)}`), 422)), ['path:tag']);
  });

  test('GET /api/system/whoami: @CurrentClient from the middleware, a @Headers DTO matched case-insensitively', async () => {
    assert.equal(jsonOf(await get('/api/system/whoami', { 'X-Api-Key': API_KEY }), 200), { client: 'api-key', version: null });
    assert.equal(jsonOf(await get('/api/system/whoami', { 'x-api-key': API_KEY, 'X-Client-Version': '1.2.3' }), 200), { client: 'api-key', version: '1.2.3' });
    const invalid = jsonOf(await get('/api/system/whoami', { 'x-api-key': API_KEY, 'x-client-version': 'latest' }), 422);
    assert.equal(invalid.errors, [{ field: 'x-client-version', message: 'x-client-version must look like 1.2.3', in: 'header' }]);
    assert.is((await get('/api/system/whoami')).status, 401);
  });
}
