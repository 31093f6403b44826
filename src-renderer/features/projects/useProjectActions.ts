// Archive and delete, each with undo (see pendingDeletes.ts for how a delete stays undoable and
// durable across a closed window).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { ProjectSummary } from '../../../src-shared/routes/index';
import { call, errorMessage, HostError } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { queryKeys } from '../../api/queries';
import { useArchiveProject, useProjectOverview } from '../../api/researchQueries';
import { useNavigation } from '../../app/navigation';
import { useToasts } from '../../app/Toasts';
import { claimUndoOffer, hideProject, releaseUndoOffer, showProject, UNDO_WINDOW_MS } from './pendingDeletes';

type Deletable = Pick<ProjectSummary, 'id' | 'goal'>;

/** The undo toast of a trashed project: Undo restores it; running out purges it for good. */
function useUndoOffer() {
  const api = useCosci();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.projects }), [queryClient]);

  const purge = useCallback(
    (project: Deletable, purgeAfter: string): void => {
      // Still in the trash from this delete? Another window may have restored it (or deleted it
      // again, with a later window) meanwhile: then it is not this toast's to purge.
      call(api, 'projects.overview', {})
        .then((overview) =>
          (overview.trashed ?? []).some((t) => t.research_id === project.id && t.purge_after === purgeAfter) ? call(api, 'projects.delete', { research_id: project.id }) : undefined,
        )
        .catch((error: unknown) => {
          // Already purged (by another window, or a server start): what the scientist wanted.
          if (error instanceof HostError && error.code === 'NOT_FOUND') return;
          toasts.show({
            message: `“${project.goal}” is deleted but not yet purged (${errorMessage(error)}); Co-Scientist purges it when it next starts.`,
            testId: 'delete-failed-toast',
            durationMs: 10_000,
          });
        })
        .finally(() => {
          releaseUndoOffer(project.id);
          showProject(project.id);
          void refresh();
        });
    },
    [api, toasts, refresh],
  );

  const restore = useCallback(
    (project: Deletable): void => {
      call(api, 'projects.trash', { research_id: project.id, trashed: false })
        .then(() => showProject(project.id))
        .catch((error: unknown) => toasts.show({ message: `Could not restore “${project.goal}”: ${errorMessage(error)}`, testId: 'restore-failed-toast', durationMs: 10_000 }))
        .finally(() => {
          // Released only now: a list refetched meanwhile still names it as trashed.
          releaseUndoOffer(project.id);
          void refresh();
        });
    },
    [api, toasts, refresh],
  );

  return useCallback(
    (project: Deletable, purgeAfter: string): void => {
      if (!claimUndoOffer(project.id)) return;
      toasts.show({
        message: `Deleted “${project.goal}”.`,
        testId: 'delete-toast',
        durationMs: Math.max(0, Date.parse(purgeAfter) - Date.now()),
        action: { label: 'Undo', run: () => restore(project) },
        onExpire: () => purge(project, purgeAfter),
      });
    },
    [toasts, restore, purge],
  );
}

/**
 * After a reload or a restart inside an undo window, the trashed projects the server still holds
 * get their undo toast back for the time that is left.
 */
export function useTrashedProjectsUndo(): void {
  const overview = useProjectOverview();
  const offerUndo = useUndoOffer();
  const trashed = overview.data?.trashed;
  useEffect(() => {
    for (const entry of trashed ?? []) offerUndo({ id: entry.research_id, goal: entry.goal }, entry.purge_after);
  }, [trashed, offerUndo]);
}

export function useProjectActions() {
  const api = useCosci();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const archive = useArchiveProject();
  const offerUndo = useUndoOffer();
  const { location, navigate } = useNavigation();

  const deleteWithUndo = (project: Deletable): void => {
    hideProject(project.id);
    if (location.projectId === project.id) navigate({ section: 'projects' });
    call(api, 'projects.trash', { research_id: project.id, trashed: true })
      .then(async (result) => {
        if (result.purge_after !== null) offerUndo(project, result.purge_after);
        await queryClient.invalidateQueries({ queryKey: queryKeys.projects });
        // The server's list leaves it out now; if another window restores it, it shows again here.
        showProject(project.id);
      })
      .catch((error: unknown) => {
        showProject(project.id);
        toasts.show({ message: `“${project.goal}” was not deleted: ${errorMessage(error)}`, testId: 'delete-failed-toast', durationMs: 10_000 });
      });
  };

  const setArchived = (project: Deletable, archived: boolean): void => {
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
