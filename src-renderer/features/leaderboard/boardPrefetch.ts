// The board the Leaderboard section shows, and its load begun as the scientist presses the nav
// item: the section's first page is then on its way while the section renders (and, for a person's
// press, during the press itself), instead of after the section's first commit.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ProjectSummary } from '../../../src-shared/routes/index';
import { useCosci } from '../../api/CosciProvider';
import { prefetchLeaderboardPages } from './queries';

/**
 * The project whose board the section shows: the one in its address, else the most recently
 * updated (LeaderboardSection then makes it the address, so it stays).
 */
export function shownBoardProject(projectId: string | undefined, projects: readonly ProjectSummary[]): string | undefined {
  if (projectId !== undefined) return projectId;
  let latest: ProjectSummary | undefined;
  for (const project of projects) if (latest === undefined || project.last_updated.localeCompare(latest.last_updated) > 0) latest = project;
  return latest?.id;
}

/** Starts loading the board of `projectId` (or the section's default) unless there is no project yet. */
export function useBoardPrefetch(): (projectId: string | undefined, projects: readonly ProjectSummary[] | undefined) => void {
  const client = useQueryClient();
  const api = useCosci();
  return useCallback(
    (projectId, projects) => {
      const shown = shownBoardProject(projectId, projects ?? []);
      if (shown !== undefined) prefetchLeaderboardPages(client, api, shown);
    },
    [client, api],
  );
}
