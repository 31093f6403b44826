// The table view of the leaderboard: filters, search and sort over all loaded rows, then the
// virtualised table. Filtering 10,000 rows takes a few milliseconds; the deferred value keeps
// typing in the search box responsive even so.
import { useDeferredValue, useMemo, useState } from 'react';
import { LeaderboardTable, type LeaderboardTableProps } from './LeaderboardTable';
import { ciDomain } from '../../common/leaderboard/boardFacts';
import { LeaderboardToolbar } from './LeaderboardToolbar';
import { useServerSearch } from './serverSearch';
import { tiesWithAbove } from './certification';
import { applyFilters, distinctMethods, hasFilters, memoisedSearchText, NO_FILTERS, nextSort, sortRows, type Filters, type Sort } from './leaderboardModel';

export interface TableState {
  filters: Filters;
  sort: Sort;
}

export function LeaderboardTab({
  researchId,
  rows,
  k,
  state,
  onState,
  selected,
  onToggleSelect,
  openId,
  onOpen,
}: Pick<LeaderboardTableProps, 'rows' | 'k' | 'selected' | 'onToggleSelect' | 'openId' | 'onOpen'> & {
  researchId: string;
  state: TableState;
  onState: (next: TableState) => void;
}) {
  const filters = useDeferredValue(state.filters);
  // Lower-cased search text per row, computed once per row on the first search, not per keystroke or page.
  const [text] = useState(memoisedSearchText);
  // The board's summaries are cut to a table's length, so the server searches the full texts
  // (serverSearch.ts); until its first answer is in, the loaded text stands in.
  const search = useServerSearch(researchId, filters.search);
  const shown = useMemo(() => {
    const found = search.ids;
    const filtered = found === null ? applyFilters(rows, filters, text) : applyFilters(rows, { ...filters, search: '' }).filter((row) => found.has(row.id));
    return sortRows(filtered, state.sort);
  }, [rows, filters, text, state.sort, search.ids]);
  const methods = useMemo(() => distinctMethods(rows), [rows]);
  const domain = useMemo(() => ciDomain(rows), [rows]);
  // Ties are between neighbours in the full ranking, whatever the filters show.
  const ties = useMemo(() => tiesWithAbove(rows), [rows]);

  return (
    <div className="lb-tab" data-testid="leaderboard-tab" data-search={search.pending ? 'pending' : 'settled'}>
      <LeaderboardToolbar filters={state.filters} onChange={(next) => onState({ ...state, filters: next })} methods={methods} />
      <p className="lb-legend muted" data-testid="leaderboard-legend">
        Rank follows the Bradley-Terry score, fitted to all matches (Elo moves match by match, so it can disagree). The interval is the score&apos;s 95% bootstrap range: overlapping
        neighbours (≈) are effectively tied. P(top-{k}) is the share of bootstrap replicates that put a hypothesis in the top {k}; ✓ marks those certified there.
      </p>
      <p className="lb-count muted" aria-live="polite" data-testid="leaderboard-count">
        {shown.length === rows.length ? `${rows.length.toLocaleString()} hypotheses` : `Showing ${shown.length.toLocaleString()} of ${rows.length.toLocaleString()} hypotheses`}
      </p>
      {shown.length === 0 && hasFilters(state.filters) ? (
        <div className="empty-state lb-empty" data-testid="leaderboard-no-match">
          <p>No hypothesis matches these filters.</p>
          <p className="muted">Loosen the search or a filter, or clear them all.</p>
          <div>
            <button type="button" className="button button-secondary" onClick={() => onState({ ...state, filters: NO_FILTERS })}>
              Clear filters
            </button>
          </div>
        </div>
      ) : (
        <LeaderboardTable
          rows={shown}
          totalRows={shown.length}
          k={k}
          ciDomain={domain}
          sort={state.sort}
          onSort={(column) => onState({ ...state, sort: nextSort(state.sort, column) })}
          selected={selected}
          onToggleSelect={onToggleSelect}
          openId={openId}
          onOpen={onOpen}
          ties={ties}
        />
      )}
    </div>
  );
}
