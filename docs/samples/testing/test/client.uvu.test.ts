// #region client
import createClient from 'openapi-fetch';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { app } from '@/app';
import { posts } from '@/features/posts/store';
import type { paths } from '@/lib/api/schema';

// The client of src/lib/api/client.ts, answered by app.fetch in this process like src/lib/api/server.ts (which imports
// 'server-only' and next/headers, so it runs only inside Next.js). `schema.d.ts` is the file `generate client` wrote.
const api = createClient<paths>({ baseUrl: 'http://localhost', fetch: app.fetch });
const signedIn = { authorization: 'Bearer alice-token' };
// #endregion client

const Client = suite('the typed client, answered in process');

Client.before.each(() => {
  posts.clear();
});

// #region typed
Client('GET /api/posts/{id}: data is the post, typed as PostDto', async () => {
  const { id } = posts.add({ title: 'Hello', content: 'First post' });

  const { data, error, response } = await api.GET('/api/posts/{id}', { params: { path: { id } } });

  assert.is(response.status, 200);
  assert.is(error, undefined);
  assert.is(data?.title, 'Hello');
});

Client('POST /api/posts with an empty title: error is the 422, with its field errors', async () => {
  const { data, error, response } = await api.POST('/api/posts', { body: { title: '', content: 'No title' }, headers: signedIn });

  assert.is(response.status, 422);
  assert.is(data, undefined);
  assert.ok(error && 'errors' in error);
  assert.equal(error.errors.map((fieldError) => fieldError.field), ['title']);
});

// Type-checked by tsc, never called: the test fails to compile when the document no longer matches.
export function typeChecks() {
  // @ts-expect-error `titel` is not a field of CreatePostDto, and `title` is missing.
  void api.POST('/api/posts', { body: { titel: 'Hello', content: 'First post' } });
  // @ts-expect-error `/api/post/{id}` is not a path of the API.
  void api.GET('/api/post/{id}', { params: { path: { id: '1' } } });
}
// #endregion typed

Client.run();
