// A write through one host route as a TanStack mutation. On success every query under the key it
// changes refetches: the change feed would announce the change too, a moment later; refetching now
// makes the scientist's own action show at once.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RouteInput, RouteName } from '../../src-shared/routes/index';
import { call } from './cosci';
import { useCosci } from './CosciProvider';

/**
 * `toInput` turns what the caller passes to `mutate` into the route's input, for a route whose
 * callers hold one value (an id, a path); without it `mutate` takes the route's input itself.
 */
export function useRouteWrite<R extends RouteName, A = RouteInput<R>>(route: R, invalidates: QueryKey, toInput?: (arg: A) => RouteInput<R>) {
  const api = useCosci();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (arg: A) => call(api, route, toInput === undefined ? (arg as RouteInput<R>) : toInput(arg)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidates }),
  });
}
