// A get_leaderboard page's rows as the caller asked for them: only those matching `search` (read
// against the full summary), then with summaries cut to `summary_chars`. The app reads the board
// with short summaries (most of a 10,000-row board's bytes are summaries,
// docs/benchmarks-history.md) and asks the server to search, so a word anywhere in a summary is
// still found.
import type { z } from 'zod';
import type { LeaderboardViewRow } from '../../../engine/views/leaderboardView.js';
import { matchesTerms, searchTerms, searchText, summaryPrefix } from '../../../../src-shared/leaderboardSearch.js';
import type { LeaderboardRowSchema } from '../../../../src-shared/schemas/tournament.js';
import { leaderboardRow } from './tournamentRows.js';

export interface BoardRowOptions {
  search?: string | undefined;
  summaryChars?: number | undefined;
}

export function boardRows(viewRows: readonly LeaderboardViewRow[], { search, summaryChars }: BoardRowOptions): Array<z.input<typeof LeaderboardRowSchema>> {
  const terms = searchTerms(search ?? '');
  const found = terms.length === 0 ? viewRows : viewRows.filter(({ line }) => matchesTerms(searchText({ number: line.seq, id: line.id, summary: line.summary }), terms));
  const rows = found.map(leaderboardRow);
  if (summaryChars === undefined) return rows;
  for (const row of rows) row.summary = summaryPrefix(row.summary, summaryChars);
  return rows;
}
