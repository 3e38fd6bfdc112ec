'use client';
import { $api } from '@/lib/api/query';

export function Post({ id }: { id: string }) {
  const { data, error } = $api.useQuery('get', '/api/posts/{id}', { params: { path: { id } } });
  if (error) return <p role="alert">{'message' in error ? error.message : 'Not found'}</p>;
  return (
    <main>
      <h1 id="title">{data?.title ?? '…'}</h1>
      <p id="content">{data?.content}</p>
    </main>
  );
}
