// A host route asked about what the scientist has selected (a collection, a document, a pair of
// hypotheses): nothing is fetched while nothing is selected.
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { RouteInput, RouteName } from '../../src-shared/routes/index';
import { call } from './cosci';
import { useCosci } from './CosciProvider';

/** The route's answer for `input`; off (no call, no data) while `input` is null. */
export function useSelectionQuery<R extends RouteName>(route: R, queryKey: QueryKey, input: RouteInput<R> | null) {
  const api = useCosci();
  return useQuery({
    queryKey,
    queryFn: () => call(api, route, input as RouteInput<R>),
    enabled: input !== null,
  });
}
