'use client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { infiniteQueryOptions } from '@/lib/api/query';

// What the document's x-pagination says of GET /api/posts: the page parameter is `cursor`, the next one is `nextCursor`.
export const feedOptions = infiniteQueryOptions('get', '/api/posts', { params: { query: { limit: 10 } } }, {
  pageParamName: 'cursor',
  initialPageParam: null as string | null, // no cursor on the first request
  getNextPageParam: (page) => page.nextCursor, // null on the last page: no next page
});

export function Feed() {
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery(feedOptions);
  return (
    <>
      <ul>{data?.pages.flatMap((page) => page.items).map((post) => <li key={post.id}>{post.title}</li>)}</ul>
      {hasNextPage && (
        <button type="button" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
          More
        </button>
      )}
    </>
  );
}
