'use client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { infiniteQueryOptions } from '@/lib/api/query';

export function Feed({ limit }: { limit: number }) {
  // What the document's x-pagination says of GET /api/posts/feed: the page parameter is `cursor`, the next one is `nextCursor`.
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery(
    infiniteQueryOptions('get', '/api/posts/feed', { params: { query: { limit } } }, {
      pageParamName: 'cursor',
      initialPageParam: null as string | null, // no cursor on the first request
      getNextPageParam: (page) => page.nextCursor, // null on the last page: no next page
    }),
  );
  return (
    <>
      <ul id="feed">{data?.pages.flatMap((page) => page.items).map((post) => <li key={post.id}>{post.title}</li>)}</ul>
      <p id="pages">{data ? `${data.pages.length} pages` : 'Loading…'}</p>
      {hasNextPage && (
        <button type="button" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
          More
        </button>
      )}
    </>
  );
}
