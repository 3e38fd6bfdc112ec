import { api } from '@/lib/api/server';

export const dynamic = 'force-static'; // prerendered by next build: reading the incoming headers would make it dynamic

export default async function Posts() {
  const { data, error } = await api.GET('/api/posts', { params: { query: { limit: 10 } } });
  if (error) return <p>{error.message}</p>;
  return <ul>{data.items.map((post) => <li key={post.id}>{post.title}</li>)}</ul>;
}
