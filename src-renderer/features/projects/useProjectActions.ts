// Archive and delete, each with undo (see pendingDeletes.ts for why delete waits before it is sent).
import { useQueryClient } from '@tanstack/react-query';
import type { ProjectSummary } from '../../../src-main/host/contract';
import { call, errorMessage } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { queryKeys } from '../../api/queries';
import { useArchiveProject } from '../../api/researchQueries';
import { useNavigation } from '../../app/navigation';
import { useToasts } from '../../app/Toasts';
import { hideProject, showProject, UNDO_WINDOW_MS } from './pendingDeletes';

export function useProjectActions() {
  const api = useCosci();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const archive = useArchiveProject();
  const { location, navigate } = useNavigation();

  const deleteWithUndo = (project: Pick<ProjectSummary, 'id' | 'goal'>): void => {
    hideProject(project.id);
    if (location.projectId === project.id) navigate({ section: 'projects' });
    toasts.show({
      message: `Deleted “${project.goal}”.`,
      testId: 'delete-toast',
      durationMs: UNDO_WINDOW_MS,
      action: { label: 'Undo', run: () => showProject(project.id) },
      // Sent through the API object rather than a mutation hook: the view may be gone by now.
      onExpire: () => {
        call(api, 'projects.delete', { research_id: project.id })
          .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.projects }))
          .then(() => showProject(project.id))
          .catch((error: unknown) => {
            showProject(project.id);
            toasts.show({ message: `“${project.goal}” was not deleted: ${errorMessage(error)}`, testId: 'delete-failed-toast', durationMs: 10_000 });
          });
      },
    });
  };

  const setArchived = (project: Pick<ProjectSummary, 'id' | 'goal'>, archived: boolean): void => {
    archive.mutate(
      { research_id: project.id, archived },
      {
        onSuccess: () =>
          toasts.show({
            message: archived ? `Archived “${project.goal}”.` : `Restored “${project.goal}” to your projects.`,
            testId: archived ? 'archive-toast' : 'restore-toast',
            durationMs: UNDO_WINDOW_MS,
            ...(archived ? { action: { label: 'Undo', run: () => archive.mutate({ research_id: project.id, archived: false }) } } : {}),
          }),
        onError: (error) => toasts.show({ message: `Could not ${archived ? 'archive' : 'restore'} “${project.goal}”: ${errorMessage(error)}`, testId: 'archive-failed-toast' }),
      },
    );
  };

  return { deleteWithUndo, setArchived, archivePending: archive.isPending };
}
