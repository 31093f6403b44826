// A view whose data other processes change refetches it when the host says something it cares
// about happened (the host tells *that*, the query fetches *what*; no polling).
import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { HostEvent } from '../../src-shared/routes/index';
import { useCosci } from './CosciProvider';

/**
 * Refetches every query under `queryKey` on each host event `concerns` accepts. Pass a constant
 * key and a module-level predicate: a new one on every render would subscribe again each time.
 */
export function useRefetchOnHostEvents(queryKey: QueryKey, concerns: (event: HostEvent) => boolean): void {
  const api = useCosci();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      api.onEvent((event) => {
        if (concerns(event)) void queryClient.invalidateQueries({ queryKey });
      }),
    [api, queryClient, queryKey, concerns],
  );
}
