import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { getQueryClient, prefetchInfiniteQuery } from '@/lib/api/prefetch';
import { Feed } from './feed';

export default async function FeedPage() {
  const queryClient = getQueryClient();
  // The first page, under the key useInfiniteQuery(feedOptions) reads.
  await prefetchInfiniteQuery(queryClient, 'get', '/api/posts', { params: { query: { limit: 10 } } }, {
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Feed />
    </HydrationBoundary>
  );
}
