import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { getQueryClient, prefetchQuery } from '@/lib/api/prefetch';
import { CreatePost } from './new/create-post';
import { FIRST_PAGE, PostsList } from './posts-list';

// A server component: the list is fetched through app.fetch (no HTTP) and arrives in the HTML; the browser's
// $api.useQuery finds it in the cache and does not ask again.
export default async function PostsPage() {
  const queryClient = getQueryClient();
  await prefetchQuery(queryClient, 'get', '/api/posts', FIRST_PAGE);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <CreatePost />
      <PostsList />
    </HydrationBoundary>
  );
}
