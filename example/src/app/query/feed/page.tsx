import { Feed } from './feed';

// An infinite list of GET /api/posts/feed (@Paginated, cursor), read in the browser: ?limit= sets the page size.
export default async function FeedPage({ searchParams }: { searchParams: Promise<{ limit?: string }> }) {
  const { limit } = await searchParams;
  return (
    <main>
      <h1>Feed (useInfiniteQuery over a @Paginated route)</h1>
      <Feed limit={Number(limit) || 2} />
    </main>
  );
}
