// The control room's host calls (projects, checkpoints, hypotheses, settings) as TanStack Query
// hooks. Everything derived from research data lives under the ['projects'] key, so the host's
// change events (see useHostEvents) refresh all of it; settings are the host's own and keyed apart.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DesktopSettings, RouteInput } from '../../src-shared/routes/index';
import { call } from './cosci';
import { useCosci } from './CosciProvider';
import { queryKeys } from './queries';

export const researchKeys = {
  overview: ['projects', 'overview'] as const,
  timeline: (researchId: string) => ['projects', 'timeline', researchId] as const,
  hypotheses: (researchId: string) => ['projects', 'hypotheses', researchId] as const,
  hypothesis: (hypothesisId: string) => ['projects', 'hypothesis', hypothesisId] as const,
  pendingCheckpoints: ['projects', 'checkpoints', 'pending'] as const,
  decisionHistory: ['projects', 'checkpoints', 'history'] as const,
  settings: ['settings'] as const,
};

/** Archived flags and pending counts per project, and the pending checkpoints everywhere. */
export function useProjectOverview() {
  const api = useCosci();
  return useQuery({ queryKey: researchKeys.overview, queryFn: () => call(api, 'projects.overview', {}) });
}

function cursorOf(cursor: string | null): { cursor?: string } {
  return cursor === null ? {} : { cursor };
}

export function useProjectTimeline(researchId: string) {
  const api = useCosci();
  return useInfiniteQuery({
    queryKey: researchKeys.timeline(researchId),
    queryFn: ({ pageParam }) => call(api, 'projects.timeline', { research_id: researchId, ...cursorOf(pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useHypothesisList(researchId: string) {
  const api = useCosci();
  return useInfiniteQuery({
    queryKey: researchKeys.hypotheses(researchId),
    queryFn: ({ pageParam }) => call(api, 'hypotheses.list', { research_id: researchId, ...cursorOf(pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useHypothesis(hypothesisId: string) {
  const api = useCosci();
  return useQuery({ queryKey: researchKeys.hypothesis(hypothesisId), queryFn: () => call(api, 'hypotheses.get', { hypothesis_id: hypothesisId }) });
}

export function usePendingCheckpoints() {
  const api = useCosci();
  return useInfiniteQuery({
    queryKey: researchKeys.pendingCheckpoints,
    queryFn: ({ pageParam }) => call(api, 'checkpoints.pending', cursorOf(pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useDecisionHistory(enabled: boolean) {
  const api = useCosci();
  return useInfiniteQuery({
    queryKey: researchKeys.decisionHistory,
    queryFn: ({ pageParam }) => call(api, 'checkpoints.history', cursorOf(pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
}

/** A change to research data: on success every ['projects'] query refetches (the change feed would too, a moment later). */
function useResearchWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }) });
}

export function useDecide() {
  const api = useCosci();
  return useResearchWrite((input: RouteInput<'checkpoints.decide'>) => call(api, 'checkpoints.decide', input));
}

export function useArchiveProject() {
  const api = useCosci();
  return useResearchWrite((input: RouteInput<'projects.archive'>) => call(api, 'projects.archive', input));
}

export function useDeleteProject() {
  const api = useCosci();
  return useResearchWrite((researchId: string) => call(api, 'projects.delete', { research_id: researchId }));
}

export function useAddHypothesis() {
  const api = useCosci();
  return useResearchWrite((input: RouteInput<'hypotheses.add'>) => call(api, 'hypotheses.add', input));
}

export function useSetHypothesisTitle() {
  const api = useCosci();
  return useResearchWrite((input: RouteInput<'hypotheses.setTitle'>) => call(api, 'hypotheses.setTitle', input));
}

export function useAddReview() {
  const api = useCosci();
  return useResearchWrite((input: RouteInput<'reviews.add'>) => call(api, 'reviews.add', input));
}

export function useRequestReview() {
  const api = useCosci();
  return useResearchWrite((input: RouteInput<'hypotheses.review'>) => call(api, 'hypotheses.review', input));
}

export function useRequestEvolution() {
  const api = useCosci();
  return useResearchWrite((input: RouteInput<'hypotheses.evolve'>) => call(api, 'hypotheses.evolve', input));
}

export function useDesktopSettings() {
  const api = useCosci();
  return useQuery({ queryKey: researchKeys.settings, queryFn: () => call(api, 'settings.get', {}), staleTime: Infinity });
}

export function useSaveSettings() {
  const api = useCosci();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<DesktopSettings>) => call(api, 'settings.set', patch),
    // Shown at once (a radio button that waits for the disk feels broken); put back if saving fails.
    onMutate: async (patch) => {
      // A refetch already under way would land after this and put the old value back.
      await queryClient.cancelQueries({ queryKey: researchKeys.settings });
      const previous = queryClient.getQueryData<DesktopSettings>(researchKeys.settings);
      if (previous !== undefined) queryClient.setQueryData<DesktopSettings>(researchKeys.settings, { ...previous, ...patch });
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(researchKeys.settings, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(researchKeys.settings, saved),
  });
}

export function useReopenProject() {
  const api = useCosci();
  return useResearchWrite((input: RouteInput<'projects.reopen'>) => call(api, 'projects.reopen', input));
}
