import * as assert from 'uvu/assert';
import type { ExampleSuite } from './example-suite';
import { withoutRequestId } from '../runtime/helpers';
import { API_KEY, CORS_PAGE_ORIGIN, send, type RawResponse } from './harness';

const JSON_BODY = { 'content-type': 'application/json' };

function assertJson(response: RawResponse, status: number): any {
  assert.is(response.status, status, `status ${response.status}, body: ${response.text.slice(0, 300)}`);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  // An error body's requestId is checked against the answer's X-Request-Id, then left out of the comparisons.
  return withoutRequestId(response.json(), (response.headers['x-request-id'] as string | undefined) ?? null);
}

/** Every route of the example and every status of the runtime's behaviour table, over real HTTP. */
export function httpCases({ test, server }: ExampleSuite): void {
  const request = (method: string, path: string, options?: Parameters<typeof send>[3]) => send(server().port, method, path, options);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request('POST', path, { headers: { ...JSON_BODY, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

  test('GET /api/posts lists the seeded posts, with the global middleware header', async () => {
    const response = await request('GET', '/api/posts');
    const posts = assertJson(response, 200);
    assert.equal(
      posts.map((entry: { id: string; title: string }) => [entry.id, entry.title]),
      [
        ['1', 'Hello, controllers'],
        ['2', 'Validation'],
      ],
    );
    assert.match(String(response.headers['x-response-time']), /^\d+(\.\d)?ms$/);
  });

  test('GET /api/posts/:id answers the post, and the handler-built 404 { message } for a missing one', async () => {
    assert.is(assertJson(await request('GET', '/api/posts/2'), 200).title, 'Validation');
    assert.equal(assertJson(await request('GET', '/api/posts/999'), 404), { message: 'Post 999 not found' });
  });

  // POST, PUT and PATCH below assert their exact bodies too: the stored records they return hold editorPasswordHash.
  test('the response contract: handlers return stored records, and no editorPasswordHash ever reaches the client', async () => {
    const responses = [
      await request('GET', '/api/posts?limit=100'),
      await request('GET', '/api/posts/1'),
      await request('GET', '/api/posts/search?q=validat'),
      await request('GET', '/api/posts/tags/dto'),
      await request('PATCH', '/api/posts/2', { headers: JSON_BODY, body: '{}' }),
    ];
    for (const response of responses) {
      assert.is(response.status, 200, response.text.slice(0, 300));
      assert.not.match(response.text, /editorPasswordHash|not-a-real-hash/);
    }
    assert.equal(Object.keys(responses[1].json()).sort(), ['content', 'id', 'tags', 'title']);
    const tagged = responses[3].json() as { tag: string; posts: Record<string, unknown>[] };
    assert.equal(tagged.posts.map((entry) => Object.keys(entry).sort()), [['content', 'id', 'tags', 'title']]);
  });

  test('GET /api/posts/search reaches the literal route declared before /:id (first match wins)', async () => {
    const found = assertJson(await request('GET', '/api/posts/search?q=VALIDATED'), 200);
    assert.equal(
      found.map((entry: { id: string }) => entry.id),
      ['2'],
    );
  });

  test('path params arrive percent-decoded, %2F included', async () => {
    const tagged = assertJson(await request('GET', '/api/posts/tags/next%20js'), 200);
    assert.is(tagged.tag, 'next js');
    assert.equal(
      tagged.posts.map((entry: { id: string }) => entry.id),
      ['1'],
    );
    assert.is(assertJson(await request('GET', '/api/posts/tags/a%2Fb'), 200).tag, 'a/b');
    assert.equal(assertJson(await request('GET', '/api/posts/caf%C3%A9'), 404), { message: 'Post café not found' });
  });

  test('POST /api/posts with a valid CreatePostDto answers 201 and stores it (nested tags included)', async () => {
    const created = assertJson(await post('/api/posts', { title: 'Third', content: 'Body', tags: [{ name: 'e2e' }] }), 201);
    assert.equal(created, { title: 'Third', content: 'Body', tags: [{ name: 'e2e' }], id: '3' });
    assert.equal(assertJson(await request('GET', '/api/posts/3'), 200), created);
  });

  test('POST /api/posts with an invalid body answers 422 with the exact error shape, and the handler does not run', async () => {
    assert.equal(assertJson(await post('/api/posts', { title: '', content: 'x' }), 422), {
      success: false,
      statusCode: 422,
      message: 'Validation failed',
      errors: [{ field: 'title', message: 'title must be longer than or equal to 1 characters', in: 'body' }],
    });
    const missing = assertJson(await post('/api/posts', { title: 'only a title' }), 422);
    assert.equal(missing.errors, [{ field: 'content', message: 'content must be a string', in: 'body' }]);
    assert.is(assertJson(await request('GET', '/api/posts'), 200).length, 3);
  });

  test('nested DTO arrays validate in the production build: tags.0.name on posts', async () => {
    const body = assertJson(await post('/api/posts', { title: 't', content: 'c', tags: [{ name: 'ok' }, { name: '' }] }), 422);
    assert.equal(body.errors, [{ field: 'tags.1.name', message: 'name must be longer than or equal to 1 characters', in: 'body' }]);
  });

  test('nested DTOs validate in the production build: a valid order is accepted, items.0.name and address.city are reported', async () => {
    const key = { 'x-api-key': API_KEY };
    const order = { customer: 'Grace', address: { street: '2 Main St', city: 'Paris' }, items: [{ name: 'mouse', quantity: 2 }] };
    const created = assertJson(await post('/api/orders', order, key), 201);
    assert.equal(created, { ...order, status: 'open', createdBy: 'api-key', id: '2' });

    const invalid = { customer: 'Grace', address: { street: '2 Main St' }, items: [{ quantity: 1 }, { name: 'pen', quantity: 0 }] };
    const body = assertJson(await post('/api/orders', invalid, key), 422);
    assert.is(body.message, 'Validation failed');
    const fields = body.errors.map((error: { field: string }) => error.field);
    assert.equal([...new Set(fields)], ['address.city', 'items.0.name', 'items.1.quantity']);
    assert.ok(
      body.errors.some((error: { field: string; message: string }) => error.field === 'items.0.name' && error.message === 'name must be a string'),
    );
  });

  // Issue 15 rows 1-4 in the production build (design:type metadata from SWC included): each was a 201 with a
  // broken DTO or a 500 before.
  test('bodies the DTOs rule out are 422s, not handler crashes: an array for an object, a missing nested DTO, null on @IsOptional; a deep body is a 400', async () => {
    const key = { 'x-api-key': API_KEY };
    const fields = async (response: Promise<RawResponse>) => assertJson(await response, 422).errors.map((error: { field: string; message: string }) => `${error.field}: ${error.message}`);
    assert.equal(await fields(post('/api/orders', { customer: 'a', address: [], items: [[]] }, key)), [
      'address: address must be an object, not an array',
      'items.0: items.0 must be an object',
    ]);
    assert.equal(await fields(post('/api/orders', { customer: 'a', items: [{ name: 'n', quantity: 1 }] }, key)), ['address: address is required']);
    assert.equal(await fields(post('/api/posts', { title: 'a', content: 'b', tags: null })), ['tags: tags must not be null: leave it out (add @Nullable() to accept null)']);
    assert.equal(await fields(request('PATCH', '/api/posts/1', { headers: JSON_BODY, body: '{"tags":null}' })), ['tags: tags must not be null: leave it out (add @Nullable() to accept null)']);
    const deep = `{"title":"a","content":"b","extra":${'['.repeat(3000)}${']'.repeat(3000)}}`;
    assert.match(assertJson(await post('/api/posts', deep), 400).message, /^Request body is nested too deeply/);
  });

  test('PUT /api/posts/:id replaces a post; 404 for a missing one; 422 for an invalid body', async () => {
    assert.equal(assertJson(await request('PUT', '/api/posts/1', { headers: JSON_BODY, body: JSON.stringify({ title: 'New', content: 'Replaced' }) }), 200), {
      title: 'New',
      content: 'Replaced',
      tags: [],
      id: '1',
    });
    assert.equal(assertJson(await request('PUT', '/api/posts/999', { headers: JSON_BODY, body: JSON.stringify({ title: 'a', content: 'b' }) }), 404), {
      message: 'Post 999 not found',
    });
    assert.is(assertJson(await request('PUT', '/api/posts/1', { headers: JSON_BODY, body: '{"title":"a"}' }), 422).errors[0].field, 'content');
  });

  test('PATCH /api/posts/:id changes only the fields sent', async () => {
    const patched = assertJson(await request('PATCH', '/api/posts/2', { headers: JSON_BODY, body: JSON.stringify({ title: 'Patched' }) }), 200);
    assert.equal(patched, { title: 'Patched', content: 'DTOs are validated before the handler runs.', tags: [{ name: 'dto' }], id: '2' });
    assert.is(assertJson(await request('PATCH', '/api/posts/2', { headers: JSON_BODY, body: '{"title":""}' }), 422).errors[0].field, 'title');
  });

  test('DELETE /api/posts/:id: 401 HttpError from method middleware without the key, 204 with it, then 404', async () => {
    const denied = await request('DELETE', '/api/posts/3');
    assert.equal(assertJson(denied, 401), { success: false, statusCode: 401, message: 'Send the API key in the x-api-key header' });
    assert.is(denied.headers['www-authenticate'], 'ApiKey header="x-api-key"');

    const deleted = await request('DELETE', '/api/posts/3', { headers: { 'x-api-key': API_KEY } });
    assert.is(deleted.status, 204);
    assert.is(deleted.body.length, 0);
    assert.is((await request('GET', '/api/posts/3')).status, 404);
  });

  test('the orders controller: class middleware (401), HttpError 404 and 409 bodies', async () => {
    assert.is(assertJson(await request('GET', '/api/orders'), 401).statusCode, 401);
    const key = { headers: { 'x-api-key': API_KEY } };
    assert.is(assertJson(await request('GET', '/api/orders', key), 200)[0].customer, 'Ada');
    assert.equal(assertJson(await request('GET', '/api/orders/999', key), 404), { success: false, statusCode: 404, message: 'Order 999 not found' });
    assert.equal(assertJson(await request('DELETE', '/api/orders/1', key), 409), {
      success: false,
      statusCode: 409,
      message: 'Order 1 has shipped and cannot be cancelled',
    });
    assert.is((await request('DELETE', '/api/orders/2', key)).status, 204);
  });

  test('no route: 404 with the library body', async () => {
    assert.equal(assertJson(await request('GET', '/api/nope'), 404), { success: false, statusCode: 404, message: 'Cannot GET /api/nope' });
    assert.equal(assertJson(await request('POST', '/api/posts/1/comments'), 404).message, 'Cannot POST /api/posts/1/comments');
  });

  test('path matches but method does not: 405 with Allow', async () => {
    const response = await request('DELETE', '/api/posts');
    assert.equal(assertJson(response, 405), { success: false, statusCode: 405, message: 'Cannot DELETE /api/posts' });
    assert.is(response.headers.allow, 'GET, POST, HEAD, OPTIONS');
  });

  test('HEAD falls back to the GET route: same status and headers, no body', async () => {
    const head = await request('HEAD', '/api/system/health');
    assert.is(head.status, 200);
    assert.match(String(head.headers['content-type']), /^application\/json/);
    assert.is(head.body.length, 0);
    assert.is((await request('HEAD', '/api/posts/999')).status, 404);
  });

  test('OPTIONS without an @Options route: 204 with Allow', async () => {
    const response = await request('OPTIONS', '/api/posts/1');
    assert.is(response.status, 204);
    assert.is(response.headers.allow, 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
    assert.is(response.body.length, 0);
  });

  test('@All matches every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      assert.equal(assertJson(await request(method, '/api/system/echo?x=1&y=two'), 200), { method, query: { x: '1', y: 'two' } });
    }
  });

  test('malformed JSON answers 400; a JSON body that is not an object answers 400', async () => {
    assert.equal(assertJson(await post('/api/posts', '{"title":'), 400), { success: false, statusCode: 400, message: 'Request body is not valid JSON' });
    assert.is(assertJson(await post('/api/posts', '[1,2]'), 400).message, 'Request body must be a JSON object, got an array');
    assert.is(assertJson(await post('/api/posts', ''), 400).statusCode, 400);
  });

  test('a body over the 1 MiB limit answers 413, with and without Content-Length', async () => {
    const big = JSON.stringify({ title: 'big', content: 'x'.repeat(2 * 1024 * 1024) });
    const declared = await post('/api/posts', big);
    assert.equal(assertJson(declared, 413), { success: false, statusCode: 413, message: 'Request body is larger than the limit of 1048576 bytes' });
    const chunked = await request('POST', '/api/posts', { headers: JSON_BODY, body: big, chunked: true });
    assert.is(assertJson(chunked, 413).statusCode, 413);
  });

  test('a @Body route with a non-JSON content type answers 415', async () => {
    const response = await request('POST', '/api/posts', { headers: { 'content-type': 'text/plain' }, body: 'title=x' });
    assert.is(assertJson(response, 415).statusCode, 415);
    assert.match(response.json().message, /Content-Type: application\/json/);
  });

  test('an unexpected error answers 500 with no stack or error text; the server log has it', async () => {
    const response = await request('GET', '/api/system/fail');
    assert.equal(assertJson(response, 500), { success: false, statusCode: 500, message: 'Internal Server Error' });
    assert.not.match(response.text, /hunter2|at \w|\.js:\d/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.match(server().output(), /database password is hunter2/);
  });

  test('__proto__ and constructor keys in a body never reach the created object', async () => {
    const created = assertJson(await post('/api/posts', '{"title":"p","content":"c","__proto__":{"polluted":true},"constructor":{"x":1}}'), 201);
    assert.is(created.polluted, undefined);
    assert.is(({} as Record<string, unknown>).polluted, undefined);
  });

  test('malformed percent-encoding: the example proxy (src/proxy.ts, rejectMalformedPath) answers 400 JSON instead of Next.js plain-text 500', async () => {
    for (const path of ['/api/posts/%E0%A4%A', '/api/posts/%zz', '/api/%E0%A4%A', '/api-docs/%E0%A4%A']) {
      assert.equal(assertJson(await request('GET', path), 400), {
        success: false,
        statusCode: 400,
        message: `Malformed percent-encoding in path ${path}`,
      }, path);
    }
  });

  test("the proxy's malformed-path 400 carries the app's CORS headers for an allowed origin (the same options as its cors())", async () => {
    const response = await request('GET', '/api/posts/%E0%A4%A', { headers: { origin: CORS_PAGE_ORIGIN } });
    assert.is(response.status, 400);
    assert.is(response.headers['access-control-allow-origin'], CORS_PAGE_ORIGIN);
    assert.is(response.headers['access-control-expose-headers'], 'x-response-time');
    const other = await request('GET', '/api/posts/%E0%A4%A', { headers: { origin: 'http://elsewhere.example' } });
    assert.is(other.headers['access-control-allow-origin'], undefined);
  });

  test('Next.js redirects a trailing slash: /api/posts/ answers 308 to /api/posts', async () => {
    const response = await request('GET', '/api/posts/');
    assert.is(response.status, 308);
    assert.is(response.headers.location, '/api/posts');
    const withQuery = await request('GET', '/api/posts/search/?q=x');
    assert.is(withQuery.status, 308);
    assert.is(withQuery.headers.location, '/api/posts/search?q=x');
  });

  test('the home page renders without fetching fonts', async () => {
    const response = await request('GET', '/');
    assert.is(response.status, 200);
    assert.match(response.text, /next-app-controllers example/);
  });
}
