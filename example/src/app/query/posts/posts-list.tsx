'use client';
import Link from 'next/link';
import { $api } from '@/lib/api/query';

/** The list's request: the create form invalidates every GET /api/posts query, this one included. */
export const ALL_POSTS = { params: { query: { limit: 100 } } };

export function PostsList() {
  const { data, error, isPending } = $api.useQuery('get', '/api/posts', ALL_POSTS);
  if (isPending) return <p id="loading">Loading…</p>;
  if (error) return <p role="alert">{error.message}</p>;
  return (
    <ul id="posts">
      {data.map((post) => (
        <li key={post.id}>
          <Link href={`/query/posts/${post.id}`}>{post.title}</Link>
        </li>
      ))}
    </ul>
  );
}
