// The lab-server status and the switch between this computer and the lab, shared by Settings →
// Lab server and the header's switch: one query, one mutation, one rule for the cache (a switch
// resets every cached answer but the lab status, so the two sides' data never mix on screen).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LabSideName, LabStatusView } from '../../src-shared/routes/index';
import { call } from './cosci';
import { useCosci } from './CosciProvider';

export const LAB_KEY = ['lab'] as const;

export const LAB_SIDE_LABELS: Record<LabSideName, string> = { local: 'This computer', lab: 'Lab server' };

export function useLabStatus() {
  const api = useCosci();
  // While a sign-in is under way the browser finishes it: asked again each second until it settles.
  return useQuery({ queryKey: LAB_KEY, queryFn: () => call(api, 'lab.status', {}), refetchInterval: (query) => (query.state.data?.state === 'signing-in' ? 1_000 : false) });
}

/** Stores a status the host answered and, when the side changed, drops everything cached from the other side. */
export async function settleLabStatus(queryClient: QueryClient, next: LabStatusView): Promise<void> {
  const before = queryClient.getQueryData<LabStatusView>(LAB_KEY);
  queryClient.setQueryData(LAB_KEY, next);
  if (before?.active !== next.active) await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== LAB_KEY[0] });
}

export function useSwitchLabSide() {
  const api = useCosci();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (to: LabSideName) => call(api, 'lab.switch', { to }), onSuccess: (next) => settleLabStatus(queryClient, next) });
}
