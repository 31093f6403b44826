// The tournament views' host calls as TanStack Query hooks. Their keys live under ['projects']
// so that the host events which already invalidate project data (useHostEvents) refresh the
// leaderboard, matches and charts too when an assistant's judgements or a vote arrive.
import { experimental_streamedQuery as streamedQuery, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CosciApi } from '../../../src-shared/routes/index';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { useRoutePages } from '../../api/routePages';
import { useSelectionQuery } from '../../api/selectionQuery';
import { boardPages } from './boardStream';

export const tournamentKeys = {
  all: (researchId: string) => ['projects', 'tournament', researchId] as const,
  leaderboard: (researchId: string) => ['projects', 'tournament', researchId, 'leaderboard'] as const,
  top: (researchId: string, limit: number) => ['projects', 'tournament', researchId, 'top', limit] as const,
  eloHistory: (researchId: string, ids: readonly string[]) => ['projects', 'tournament', researchId, 'elo', ...ids] as const,
  matches: (researchId: string, judge: string) => ['projects', 'tournament', researchId, 'matches', judge] as const,
  compare: (researchId: string, first: string, second: string) => ['projects', 'tournament', researchId, 'compare', first, second] as const,
};

/**
 * The board's summaries are cut to this many characters: a row shows the title (at most 90,
 * hypothesisTitle.ts), and summaries were most of a 10,000-row board's bytes. The full text is
 * read where the scientist reads it (the hypothesis panel); search runs in the server (serverSearch.ts).
 */
export const BOARD_SUMMARY_CHARS = 120;

/** The scientist pressed the Leaderboard nav item and the board's load began (prefetchLeaderboardPages). */
export const MARK_OPENING = 'leaderboard:opening';
/** Performance marks the bench reads: data arrival of the first and the last page. */
export const MARK_FIRST_DATA = 'leaderboard:data:first';
export const MARK_ALL_DATA = 'leaderboard:data:all';

/**
 * Every page of the leaderboard as one stream (boardStream.ts): one screen of rows first, so the
 * table shows without waiting for a large page, then each page is asked for as soon as the
 * previous one arrives, before the table renders it, so the host's and the server's work on the
 * next page overlaps the renderer's on this one. The host reads each next page ahead in the size
 * asked for (next_limit). A refresh (host events invalidate project data) keeps the board shown
 * until every page is in.
 */
function leaderboardPagesOptions(api: CosciApi, researchId: string) {
  return queryOptions({
    queryKey: tournamentKeys.leaderboard(researchId),
    queryFn: streamedQuery({
      refetchMode: 'replace',
      streamFn: ({ signal }) =>
        boardPages(async ({ cursor, limit, nextLimit }) => {
          const page = await call(api, 'leaderboard.page', {
            research_id: researchId,
            limit,
            format: 'columns',
            summary_chars: BOARD_SUMMARY_CHARS,
            ...(cursor === null ? {} : { cursor }),
            ...(nextLimit === undefined ? {} : { next_limit: nextLimit }),
          });
          if (cursor === null) mark(MARK_FIRST_DATA);
          if (page.next_cursor === null) mark(MARK_ALL_DATA);
          return page;
        }, { signal }),
    }),
    // A load or a refresh replaces the board whole: comparing 10,000 new rows field by field with
    // the old ones (TanStack Query's structural sharing) would only find that they are new objects.
    structuralSharing: false,
  });
}

export function useLeaderboardPages(researchId: string) {
  const api = useCosci();
  return useQuery(leaderboardPagesOptions(api, researchId));
}

/**
 * Starts loading a board before its view mounts (the scientist pressed the Leaderboard nav item):
 * the first page is on its way while the section renders. The view's query then joins this load
 * instead of starting its own; a board loaded in the last staleTime is not asked for again.
 */
export function prefetchLeaderboardPages(client: QueryClient, api: CosciApi, researchId: string): void {
  mark(MARK_OPENING);
  void client.prefetchQuery(leaderboardPagesOptions(api, researchId));
}

/** The first `limit` rows in the server's order (rank, then Elo): the project view's top of the board. */
export function useLeaderboardTop(researchId: string, limit: number) {
  const api = useCosci();
  return useQuery({
    queryKey: tournamentKeys.top(researchId, limit),
    queryFn: () => call(api, 'leaderboard.page', { research_id: researchId, limit }),
  });
}

function mark(name: string): void {
  performance.clearMarks(name);
  performance.mark(name);
}

export function useEloHistory(researchId: string, ids: readonly string[]) {
  const api = useCosci();
  return useQuery({
    queryKey: tournamentKeys.eloHistory(researchId, ids),
    queryFn: () => call(api, 'leaderboard.eloHistory', { research_id: researchId, ...(ids.length > 0 ? { hypothesis_ids: [...ids] } : {}) }),
  });
}

export function useMatches(researchId: string, judge: 'all' | 'model' | 'human') {
  return useRoutePages('leaderboard.matches', tournamentKeys.matches(researchId, judge), { research_id: researchId, limit: 200, ...(judge === 'all' ? {} : { judge }) });
}

export function useComparison(researchId: string, pair: readonly [string, string] | null) {
  return useSelectionQuery('leaderboard.compare', tournamentKeys.compare(researchId, pair?.[0] ?? '', pair?.[1] ?? ''), pair === null ? null : { research_id: researchId, first_id: pair[0], second_id: pair[1] });
}
