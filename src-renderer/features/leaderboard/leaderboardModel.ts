// What the leaderboard table shows: rows filtered, searched and sorted in the renderer. All rows
// are loaded (in chunks) so that sorting by any column is instant; these functions are pure so
// they can be tested without a browser and memoised by the view.
import type { LeaderboardColumns, LeaderboardRow } from '../../../src-shared/routes/index';

export type SortColumn = 'rank' | 'number' | 'elo' | 'bt' | 'p_top_k' | 'matches' | 'movement';
export type SortDirection = 'asc' | 'desc';
export interface Sort {
  column: SortColumn;
  direction: SortDirection;
}

export const DEFAULT_SORT: Sort = { column: 'rank', direction: 'asc' };

export interface Filters {
  search: string;
  status: LeaderboardRow['status'] | 'all';
  origin: LeaderboardRow['origin'] | 'all';
  method: string;
  /** Minimum Elo; null for none. */
  minElo: number | null;
}

export const NO_FILTERS: Filters = { search: '', status: 'all', origin: 'all', method: 'all', minElo: null };

export function hasFilters(filters: Filters): boolean {
  return filters.search.trim() !== '' || filters.status !== 'all' || filters.origin !== 'all' || filters.method !== 'all' || filters.minElo !== null;
}

/** Lower-cased text a search matches against: "h12", the id and the summary. */
export function searchText(row: LeaderboardRow): string {
  return `h${row.number} ${row.id} ${row.summary}`.toLowerCase();
}

/**
 * searchText, computed the first time a row is searched and kept for that row object. Rows keep
 * their objects while later pages arrive, so a load of 10,000 rows in pages costs nothing until the
 * scientist searches (a table re-rendered per page used to lower-case every row again each time).
 */
export function memoisedSearchText(): (row: LeaderboardRow) => string {
  const texts = new WeakMap<LeaderboardRow, string>();
  return (row) => {
    let text = texts.get(row);
    if (text === undefined) {
      text = searchText(row);
      texts.set(row, text);
    }
    return text;
  };
}

/**
 * A search's terms: whitespace-separated, lower-cased. The server's search (get_leaderboard's
 * `search`, src-shared/leaderboardSearch.ts) splits the same way; the renderer may not import it
 * (the dependency rules let it see src-shared's types only).
 */
export function searchTerms(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter((term) => term !== '');
}

/**
 * Rows that pass every filter. Search terms are whitespace-separated and must all occur
 * ("h12" finds hypothesis 12, "stellate collagen" finds summaries with both words).
 */
export function applyFilters(rows: readonly LeaderboardRow[], filters: Filters, text: (row: LeaderboardRow) => string = searchText): LeaderboardRow[] {
  const terms = searchTerms(filters.search);
  return rows.filter(
    (row) =>
      (filters.status === 'all' || row.status === filters.status) &&
      (filters.origin === 'all' || row.origin === filters.origin) &&
      (filters.method === 'all' || row.method === filters.method) &&
      (filters.minElo === null || row.elo_score >= filters.minElo) &&
      (terms.length === 0 || terms.every((term) => text(row).includes(term))),
  );
}

type Value = (row: LeaderboardRow) => number | null;

const VALUES: Record<SortColumn, Value> = {
  rank: (row) => row.rank,
  number: (row) => row.number,
  elo: (row) => row.elo_score,
  bt: (row) => row.bt_score,
  p_top_k: (row) => row.p_top_k,
  matches: (row) => row.matches_played,
  movement: (row) => row.movement,
};

/** Sorted copy; rows without a value (unranked, no movement) always go last, then by hypothesis number. */
export function sortRows(rows: readonly LeaderboardRow[], sort: Sort): LeaderboardRow[] {
  const value = VALUES[sort.column];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) {
      return sign * (va - vb);
    }
    // The server's order (rank, then Elo) is the natural tie-break for unranked rows.
    return sort.column === 'rank' ? b.elo_score - a.elo_score || a.number - b.number : a.number - b.number;
  });
}

/** Clicking a column sorts by it in its natural direction (best first); clicking again flips it. */
export function nextSort(current: Sort, column: SortColumn): Sort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: column === 'rank' || column === 'number' ? 'asc' : 'desc' };
}

export function distinctMethods(rows: readonly LeaderboardRow[]): string[] {
  return [...new Set(rows.map((row) => row.method))].sort();
}

/** How get_leaderboard marks a summary cut by `summary_chars` (src-shared/leaderboardSearch.ts, CUT_MARK). */
const WIRE_CUT_MARK = '...';

/**
 * A board summary as the table shows it: the server marks a cut in ASCII (so that a page of ASCII
 * text stays ASCII on the wire and decodes on the browser's fast path); the scientist sees "…".
 */
export function shownSummary(summary: string): string {
  return summary.endsWith(WIRE_CUT_MARK) ? `${summary.slice(0, -WIRE_CUT_MARK.length)}…` : summary;
}

/**
 * The rows of a page asked for by column: the i-th entry of every column makes the i-th row. One
 * object literal per row, so all 10,000 rows of a board share one shape built at once; filling a
 * fresh object key by key (looping over the columns) made the board's rows the renderer's largest
 * own cost while pages arrived. A field added to the row schema fails to type-check here until it
 * is added below.
 */
export function rowsOf(columns: LeaderboardColumns): LeaderboardRow[] {
  const c = columns;
  const rows = new Array<LeaderboardRow>(c.id.length);
  for (let i = 0; i < rows.length; i++) {
    rows[i] = {
      id: c.id[i] as string,
      number: c.number[i] as number,
      summary: shownSummary(c.summary[i] as string),
      status: c.status[i] as LeaderboardRow['status'],
      origin: c.origin[i] as LeaderboardRow['origin'],
      method: c.method[i] as string,
      iteration: c.iteration[i] as number,
      parents: c.parents[i] as string[],
      in_tournament: c.in_tournament[i] as boolean,
      rank: c.rank[i] as number | null,
      previous_rank: c.previous_rank[i] as number | null,
      movement: c.movement[i] as number | null,
      elo_score: c.elo_score[i] as number,
      bt_score: c.bt_score[i] as number | null,
      ci95: c.ci95[i] as LeaderboardRow['ci95'],
      p_top_k: c.p_top_k[i] as number | null,
      matches_played: c.matches_played[i] as number,
      wins: c.wins[i] as number,
      certified_top_k: c.certified_top_k[i] as boolean,
    };
  }
  return rows;
}
