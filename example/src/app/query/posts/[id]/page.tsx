import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { getQueryClient, prefetchQuery } from '@/lib/api/prefetch';
import { Post } from './post';

// A server component: the post is fetched through app.fetch (no HTTP) and arrives in the HTML; the browser's
// $api.useQuery finds it in the cache under the same key and does not ask again.
export default async function PrefetchedPost({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const queryClient = getQueryClient();
  await prefetchQuery(queryClient, 'get', '/api/posts/{id}', { params: { path: { id } } });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Post id={id} />
    </HydrationBoundary>
  );
}
