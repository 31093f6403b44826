// The control room's host calls (projects, checkpoints, hypotheses, settings) as TanStack Query
// hooks. Everything derived from research data lives under the ['projects'] key, so the host's
// change events (see useHostEvents) refresh all of it; settings are the host's own and keyed apart.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DesktopSettings } from '../../src-shared/routes/index';
import { call } from './cosci';
import { useCosci } from './CosciProvider';
import { queryKeys } from './queries';
import { useRouteWrite } from './routeWrite';
import { useRoutePages } from './routePages';

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

export function useProjectTimeline(researchId: string) {
  return useRoutePages('projects.timeline', researchKeys.timeline(researchId), { research_id: researchId });
}

export function useHypothesisList(researchId: string) {
  return useRoutePages('hypotheses.list', researchKeys.hypotheses(researchId), { research_id: researchId });
}

export function useHypothesis(hypothesisId: string) {
  const api = useCosci();
  return useQuery({ queryKey: researchKeys.hypothesis(hypothesisId), queryFn: () => call(api, 'hypotheses.get', { hypothesis_id: hypothesisId }) });
}

export function usePendingCheckpoints() {
  return useRoutePages('checkpoints.pending', researchKeys.pendingCheckpoints, {});
}

export function useDecisionHistory(enabled: boolean) {
  return useRoutePages('checkpoints.history', researchKeys.decisionHistory, {}, { enabled });
}

// A change to research data refetches every ['projects'] query.
export const useDecide = () => useRouteWrite('checkpoints.decide', queryKeys.projects);
export const useArchiveProject = () => useRouteWrite('projects.archive', queryKeys.projects);
export const useDeleteProject = () => useRouteWrite('projects.delete', queryKeys.projects, (researchId: string) => ({ research_id: researchId }));
export const useAddHypothesis = () => useRouteWrite('hypotheses.add', queryKeys.projects);
export const useSetHypothesisTitle = () => useRouteWrite('hypotheses.setTitle', queryKeys.projects);
export const useAddReview = () => useRouteWrite('reviews.add', queryKeys.projects);
export const useRequestReview = () => useRouteWrite('hypotheses.review', queryKeys.projects);
export const useRequestEvolution = () => useRouteWrite('hypotheses.evolve', queryKeys.projects);

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

export const useReopenProject = () => useRouteWrite('projects.reopen', queryKeys.projects);
