// Every host call the views make, as TanStack Query hooks. Query keys are grouped so that one
// host event can invalidate exactly what it may have changed (see useHostEvents).
import { QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssistantId, RouteInput } from '../../src-shared/routes/index';
import { call, HostError } from './cosci';
import { useCosci } from './CosciProvider';

export const queryKeys = {
  appInfo: ['app', 'info'] as const,
  /** Everything derived from research projects: the list and each project's status. */
  projects: ['projects'] as const,
  projectList: ['projects', 'list'] as const,
  projectStatus: (id: string) => ['projects', 'status', id] as const,
  assistants: ['assistants'] as const,
};

/** Retries only what can heal by itself: a server that is (re)starting. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HostError) return error.code === 'SERVER_UNAVAILABLE' && failureCount < 8;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 8000),
        // Host events keep the cache fresh; no need to refetch on every window focus.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export function useAppInfo() {
  const api = useCosci();
  return useQuery({ queryKey: queryKeys.appInfo, queryFn: () => call(api, 'app.info', {}) });
}

export function useProjects() {
  const api = useCosci();
  return useQuery({ queryKey: queryKeys.projectList, queryFn: () => call(api, 'projects.list', {}) });
}

export function useProjectStatus(researchId: string) {
  const api = useCosci();
  return useQuery({
    queryKey: queryKeys.projectStatus(researchId),
    queryFn: () => call(api, 'projects.status', { research_id: researchId }),
  });
}

export function useStartResearch() {
  const api = useCosci();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<'projects.start'>) => call(api, 'projects.start', input),
    // The change feed will announce the project too; invalidating now makes our own action instant.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}

export function useAssistants() {
  const api = useCosci();
  return useQuery({
    queryKey: queryKeys.assistants,
    queryFn: async () => (await call(api, 'assistants.list', {})).assistants,
  });
}

export function useConnectAssistant() {
  const api = useCosci();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: AssistantId; force?: boolean }) => call(api, 'assistants.connect', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.assistants }),
  });
}
