// #region setup
import { beforeEach, describe, expect, it } from 'vitest';
import { app } from '@/app';
import { ListPostsQuery } from '@/features/posts/dto';
import { posts } from '@/features/posts/store';

const signedIn = { authorization: 'Bearer alice-token' };

/** A JSON request, answered in this process by the application: no server, no port. */
function send(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.fetch(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

beforeEach(() => {
  posts.clear();
});
// #endregion setup

// #region tests
describe('the posts API', () => {
  it('answers GET /api/posts/:id with 200 and the post as JSON', async () => {
    const { id } = posts.add({ title: 'Hello', content: 'First post' });

    const response = await app.fetch(`/api/posts/${id}`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: '1', title: 'Hello', content: 'First post' });
  });

  it('answers POST /api/posts with an empty title with 422 naming the field', async () => {
    const response = await send('POST', '/api/posts', { title: '', content: 'No title' }, signedIn);

    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      errors: [{ field: 'title', message: 'title must be longer than or equal to 1 characters', in: 'body' }],
    });
    expect(posts.list(100)).toEqual([]);
  });

  it('answers GET /api/posts/:id of an unknown id with 404', async () => {
    const response = await app.fetch('/api/posts/42');

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, statusCode: 404, message: 'Post not found', requestId: response.headers.get('x-request-id') });
  });

  it('answers POST /api/posts without a bearer token with 401, before validating the body', async () => {
    const response = await send('POST', '/api/posts', { title: '' });

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers GET /api/posts?limit=1 with one post: the query string is converted to a number', async () => {
    posts.add({ title: 'One', content: '1' });
    posts.add({ title: 'Two', content: '2' });

    const response = await app.handle(new Request('http://localhost/api/posts?limit=1'));

    expect(await response.json()).toEqual([{ id: '1', title: 'One', content: '1' }]);
  });
});
// #endregion tests

// #region metadata
describe('the test setup', () => {
  it('compiles decorators with their design:type metadata, as Next.js does', () => {
    // What `emitDecoratorMetadata` writes, read through reflect-metadata (which next-app-controllers loads).
    const reflect = Reflect as typeof Reflect & { getMetadata(key: string, target: object, property: string): unknown };
    expect(reflect.getMetadata('design:type', ListPostsQuery.prototype, 'limit')).toBe(Number);
  });
});
// #endregion metadata
