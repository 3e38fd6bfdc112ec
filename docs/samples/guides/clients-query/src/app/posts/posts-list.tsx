'use client';
import Link from 'next/link';
import { $api } from '@/lib/api/query';

export const FIRST_PAGE = { params: { query: { limit: 10 } } };

export function PostsList() {
  // The same `init` as the page's prefetch: the same key, so the prefetched data is used as it is.
  const { data, error, isPending } = $api.useQuery('get', '/api/posts', FIRST_PAGE);
  if (isPending) return <p>Loading…</p>;
  if (error) return <p>{error.message}</p>;
  return (
    <ul>
      {data.items.map((post) => (
        <li key={post.id}>
          <Link href={`/posts/${post.id}`}>{post.title}</Link> <time>{new Date(post.createdAt).toLocaleDateString()}</time>
        </li>
      ))}
    </ul>
  );
}
