import 'server-only';
import type { QueryClient } from '@tanstack/react-query';
import type { ClientPathsWithMethod, FetchOptions, MethodResponse } from 'openapi-fetch';
import createClient from 'openapi-react-query';
import { cache } from 'react';
import { infiniteQueryOptions, makeQueryClient, type InfiniteOptions, type Method } from './query';
import { api } from './server';
import type { paths } from './schema';

// The server's half: queries answered by ./server (app.fetch, no HTTP, the signed-in user's cookie forwarded), under
// the keys the browser's $api uses, so `<HydrationBoundary state={dehydrate(queryClient)}>` hands them over and the
// browser does not ask again. Reading the request's headers makes a page dynamic (with `cacheComponents`, prefetch
// inside a <Suspense> boundary).
const $server = createClient(api);

/** The request's QueryClient: one per request (React's `cache`), never a module's, which would show one user's data to another. */
export const getQueryClient = cache(makeQueryClient);

type PathOf<M extends Method> = ClientPathsWithMethod<typeof api, M>;

/** Prefetches `$api.useQuery(method, path, init)`'s data on the server: pass the same `init` as the component does. */
export function prefetchQuery<M extends Method, P extends PathOf<M>>(queryClient: QueryClient, method: M, path: P, init?: FetchOptions<paths[P][M]>): Promise<void> {
  return queryClient.prefetchQuery($server.queryOptions(method as never, path as never, init as never) as never);
}

/** Prefetches the first page of `infiniteQueryOptions(method, path, init, options)` on the server. */
export function prefetchInfiniteQuery<M extends Method, P extends PathOf<M>, PageParam>(
  queryClient: QueryClient,
  method: M,
  path: P,
  init: FetchOptions<paths[P][M]> | undefined,
  options: InfiniteOptions<MethodResponse<typeof api, M, P>, PageParam>,
): Promise<void> {
  return queryClient.prefetchInfiniteQuery(infiniteQueryOptions(method, path, init, options, api) as never);
}
