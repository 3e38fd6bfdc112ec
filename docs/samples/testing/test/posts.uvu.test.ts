// #region setup
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { app } from '@/app';
import { posts } from '@/features/posts/store';

/** The header `requireUser` needs (src/lib/auth.ts). */
const signedIn = { authorization: 'Bearer alice-token' };

/** A JSON request, answered in this process by the application: no server, no port. */
function send(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.fetch(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

const Posts = suite('the posts API');

// Every test starts from an empty store.
Posts.before.each(() => {
  posts.clear();
});
// #endregion setup

// #region ok
Posts('GET /api/posts/:id answers 200 with the post as JSON', async () => {
  const { id } = posts.add({ title: 'Hello', content: 'First post' });

  const response = await app.fetch(`/api/posts/${id}`);

  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'application/json');
  assert.equal(await response.json(), { id: '1', title: 'Hello', content: 'First post' });
});
// #endregion ok

// #region validation
Posts('POST /api/posts with an empty title answers 422 naming the field, and stores nothing', async () => {
  const response = await send('POST', '/api/posts', { title: '', content: 'No title' }, signedIn);

  assert.is(response.status, 422);
  assert.equal(await response.json(), {
    success: false,
    statusCode: 422,
    message: 'Validation failed',
    errors: [{ field: 'title', message: 'title must be longer than or equal to 1 characters', in: 'body' }],
    requestId: response.headers.get('x-request-id'), // every error body names its request: find it in the logs
  });
  assert.equal(posts.list(100), []);
});

Posts('POST /api/posts with a field the DTO does not declare answers 422 naming it', async () => {
  const response = await send('POST', '/api/posts', { id: '99', title: 'Hello', content: 'First post' }, signedIn);

  assert.is(response.status, 422);
  const body = await response.json();
  assert.equal(body.errors, [{ field: 'id', message: 'property id should not exist', in: 'body' }]);
});
// #endregion validation

// #region not-found
Posts("GET /api/posts/:id of an unknown id answers 404 with the handler's message", async () => {
  const response = await app.fetch('/api/posts/42');

  assert.is(response.status, 404);
  assert.equal(await response.json(), { success: false, statusCode: 404, message: 'Post not found', requestId: response.headers.get('x-request-id') });
});

Posts('a path no route matches answers 404 from the router', async () => {
  const response = await app.fetch('/api/nope');

  assert.is(response.status, 404);
  assert.equal(await response.json(), { success: false, statusCode: 404, message: 'Cannot GET /api/nope', requestId: response.headers.get('x-request-id') });
});
// #endregion not-found

// #region middleware
Posts('POST /api/posts without a bearer token answers 401: the middleware runs before the body is validated', async () => {
  const response = await send('POST', '/api/posts', { title: '' });

  assert.is(response.status, 401);
  assert.is(response.headers.get('www-authenticate'), 'Bearer');
  assert.equal(await response.json(), { success: false, statusCode: 401, message: 'Sign in first', requestId: response.headers.get('x-request-id') });
});

Posts('POST /api/posts with a bearer token answers 201 with the new post', async () => {
  const response = await send('POST', '/api/posts', { title: 'Hello', content: 'First post' }, signedIn);

  assert.is(response.status, 201);
  assert.equal(await response.json(), { id: '1', title: 'Hello', content: 'First post' });
  assert.equal(posts.list(100).length, 1);
});

Posts('DELETE /api/posts/:id with a bearer token answers 204 and removes the post', async () => {
  const { id } = posts.add({ title: 'Hello', content: 'First post' });

  const response = await app.fetch(`/api/posts/${id}`, { method: 'DELETE', headers: signedIn });

  assert.is(response.status, 204);
  assert.is(posts.get(id), undefined);
});
// #endregion middleware

// #region handle
Posts('app.handle answers a Request: ?limit=1 is converted to a number and limits the list', async () => {
  posts.add({ title: 'One', content: '1' });
  posts.add({ title: 'Two', content: '2' });

  const response = await app.handle(new Request('http://localhost/api/posts?limit=1'));

  assert.is(response.status, 200);
  assert.equal(await response.json(), [{ id: '1', title: 'One', content: '1' }]);
});

Posts('GET /api/posts?limit=0 answers 422 with the field error, in: query', async () => {
  const response = await app.fetch('/api/posts?limit=0');

  assert.is(response.status, 422);
  const body = await response.json();
  assert.equal(body.errors, [{ field: 'limit', message: 'limit must not be less than 1', in: 'query' }]);
});
// #endregion handle

Posts.run();
