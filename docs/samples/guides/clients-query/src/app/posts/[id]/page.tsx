import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { getQueryClient, prefetchQuery } from '@/lib/api/prefetch';
import { Post } from './post';

export default async function PostPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const queryClient = getQueryClient();
  await prefetchQuery(queryClient, 'get', '/api/posts/{id}', { params: { path: { id } } });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Post id={id} />
    </HydrationBoundary>
  );
}
