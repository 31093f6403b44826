// The board's search runs in the server: the app reads the board with table-length summaries
// (queries.ts, BOARD_SUMMARY_CHARS), so only the server still has every summary in full, and a
// word anywhere in one must still be found. The answer is the set of matching ids; the table
// keeps its other filters and sort in the renderer and shows the rows in both.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LeaderboardPage } from '../../../src-shared/routes/index';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { searchTerms } from './leaderboardModel';
import { tournamentKeys } from './queries';

/** Rows per search page (the route's largest); a match's summary is not read, so it is cut short. */
const SEARCH_PAGE_ROWS = 1000;
const SEARCH_SUMMARY_CHARS = 20;

/**
 * Ids of the hypotheses whose "h<number>", id or full summary contain every word of `search`, or
 * null while there is no search. Rows by row, not by column, so the search's pages are not read
 * ahead by the host (leaderboardReadAhead.ts), which would drop a board load's page read ahead.
 * The previous answer stays until the next is in, so typing does not flash an empty table.
 */
export function useServerSearch(researchId: string, search: string): { ids: ReadonlySet<string> | null; pending: boolean } {
  const api = useCosci();
  const terms = searchTerms(search);
  const query = useQuery({
    queryKey: [...tournamentKeys.all(researchId), 'search', terms.join(' ')] as const,
    enabled: terms.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const ids = new Set<string>();
      let cursor: string | null = null;
      do {
        const page: LeaderboardPage = await call(api, 'leaderboard.page', {
          research_id: researchId,
          limit: SEARCH_PAGE_ROWS,
          search: terms.join(' '),
          summary_chars: SEARCH_SUMMARY_CHARS,
          ...(cursor === null ? {} : { cursor }),
        });
        for (const row of page.rows) ids.add(row.id);
        // A newer search replaced this one: an unfinished walk is no answer.
        signal.throwIfAborted();
        cursor = page.next_cursor;
      } while (cursor !== null);
      return ids as ReadonlySet<string>;
    },
  });
  if (terms.length === 0) return { ids: null, pending: false };
  return { ids: query.data ?? null, pending: query.isPlaceholderData || query.isPending };
}
