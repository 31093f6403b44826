// A host route paged by `next_cursor` as one TanStack infinite query: the first page without a
// cursor, each next page with the cursor the last one returned, none after a null cursor.
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { RouteInput, RouteName, RouteOutput } from '../../src-shared/routes/index';
import { call } from './cosci';
import { useCosci } from './CosciProvider';

/** The routes that take a `cursor` and answer with the next one. */
export type PagedRoute = {
  [R in RouteName]: RouteOutput<R> extends { next_cursor: string | null } ? (RouteInput<R> extends { cursor?: string | undefined } ? R : never) : never;
}[RouteName];

export interface RoutePagesOptions {
  enabled?: boolean;
  /** Keep the pages on screen while a new query's first page loads (a filter changed): no flash of emptiness. */
  keepPrevious?: boolean;
}

export function useRoutePages<R extends PagedRoute>(route: R, queryKey: QueryKey, input: Omit<RouteInput<R>, 'cursor'>, options: RoutePagesOptions = {}) {
  const api = useCosci();
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => call(api, route, { ...input, ...(pageParam === null ? {} : { cursor: pageParam }) } as RouteInput<R>),
    initialPageParam: null as string | null,
    getNextPageParam: (last: RouteOutput<R>) => (last as { next_cursor: string | null }).next_cursor,
    ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
    ...(options.keepPrevious === true ? { placeholderData: <T>(previous: T) => previous } : {}),
  });
}
