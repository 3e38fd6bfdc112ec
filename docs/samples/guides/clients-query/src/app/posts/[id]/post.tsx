'use client';
import { $api } from '@/lib/api/query';

export function Post({ id }: { id: string }) {
  const { data, error } = $api.useQuery('get', '/api/posts/{id}', { params: { path: { id } } });
  if (error) return <p>{error.message}</p>;
  return <h1>{data?.title ?? '…'}</h1>;
}
