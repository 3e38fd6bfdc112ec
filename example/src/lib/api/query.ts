import { QueryClient, infiniteQueryOptions as tanstackInfiniteQueryOptions } from '@tanstack/react-query';
import type { ClientPathsWithMethod, FetchOptions, MethodResponse } from 'openapi-fetch';
import createClient from 'openapi-react-query';
import { api } from './client';
import type { paths } from './schema';

/**
 * TanStack Query on the typed client (openapi-react-query): `$api.useQuery('get', '/api/posts/{id}', { params: { path:
 * { id } } })`, `$api.useMutation('post', '/api/posts')`, `$api.queryOptions(...)` for `queryClient.invalidateQueries`.
 * A query's key is `[method, path, init]`: pass the same `init` where a page is prefetched (./prefetch) and where it is
 * read, and two API versions sent in a header (`init.headers`) never share a cache entry. A DTO's `Date` arrives as a
 * string: that is what the JSON carries, on the server's prefetch and in the browser alike.
 */
export const $api = createClient(api);

/** The lower-case methods openapi-react-query takes. */
export type Method = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** A QueryClient with the defaults of this app: no retry on a 4xx (the request is wrong, asking again will not help), and a minute before data is stale, so a query prefetched on the server is not fetched again when the page hydrates. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: (failures, error) => !isClientError(error) && failures < 3,
      },
    },
  });
}

/** The app's error format carries the status (`{ statusCode }` or RFC 9457's `{ status }`). */
function isClientError(error: unknown): boolean {
  const status = (error as { statusCode?: unknown; status?: unknown } | null)?.statusCode ?? (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

type PathOf<M extends Method> = ClientPathsWithMethod<typeof api, M>;
type InitOf<M extends Method, P extends PathOf<M>> = FetchOptions<paths[P][M]>;
type PageOf<M extends Method, P extends PathOf<M>> = MethodResponse<typeof api, M, P>;

/** What {@link infiniteQueryOptions} takes besides the request: the page parameter's name, the first page's, and how to find the next. */
export interface InfiniteOptions<Page, PageParam> {
  /** The query parameter a page is asked for by: `cursor` (the default) or `offset`. */
  pageParamName?: string;
  /** The first page's parameter: `null` for a cursor (no cursor is sent), `0` for an offset. */
  initialPageParam: PageParam;
  /** The next page's parameter, or `undefined`/`null` after the last: `(page) => page.nextCursor` for a cursor page. */
  getNextPageParam: (page: Page, pages: Page[], pageParam: PageParam) => PageParam | undefined | null;
}

/**
 * The options of an infinite list (`useInfiniteQuery(infiniteQueryOptions(...))`, or `prefetchInfiniteQuery` on the
 * server), under the key `$api.useInfiniteQuery` gives the same request: what openapi-react-query lacks. A route with
 * `@Paginated` says how in its document's `x-pagination`: for a cursor, `pageParamName: 'cursor'`,
 * `initialPageParam: null`, `getNextPageParam: (page) => page.nextCursor`.
 */
export function infiniteQueryOptions<M extends Method, P extends PathOf<M>, PageParam>(
  method: M,
  path: P,
  init: InitOf<M, P> | undefined,
  options: InfiniteOptions<PageOf<M, P>, PageParam>,
  client: typeof api = api,
) {
  const { pageParamName = 'cursor', initialPageParam, getNextPageParam } = options;
  const { queryKey } = $api.queryOptions(method as never, path as never, init as never) as unknown as { queryKey: readonly unknown[] };
  return tanstackInfiniteQueryOptions({
    queryKey,
    initialPageParam,
    getNextPageParam: (page: PageOf<M, P>, pages: PageOf<M, P>[], pageParam: PageParam) => getNextPageParam(page, pages, pageParam) ?? undefined,
    queryFn: async ({ pageParam, signal }): Promise<PageOf<M, P>> => {
      const request = init as { params?: { query?: Record<string, unknown> } } | undefined;
      const query = { ...request?.params?.query, [pageParamName]: pageParam ?? undefined };
      const send = client[method.toUpperCase() as 'GET'] as unknown as (path: string, init: unknown) => Promise<{ data?: unknown; error?: unknown }>;
      const { data, error } = await send(path, { ...init, signal, params: { ...request?.params, query } });
      if (error !== undefined) throw error;
      return data as PageOf<M, P>;
    },
  });
}
