// Search and filters above the leaderboard: every control labelled and reachable by keyboard.
import { useId } from 'react';
import type { LeaderboardRow } from '../../../src-shared/routes/index';
import { FilterSelect } from '../../common/FilterSelect';
import { hasFilters, NO_FILTERS, type Filters } from './leaderboardModel';
import { methodLabel, ORIGIN_LABELS, STATUS_LABELS } from './labels';

export function LeaderboardToolbar({ filters, onChange, methods }: { filters: Filters; onChange: (next: Filters) => void; methods: readonly string[] }) {
  const id = useId();
  const set = <K extends keyof Filters>(key: K, value: Filters[K]): void => onChange({ ...filters, [key]: value });
  return (
    <div className="lb-toolbar" role="search" aria-label="Filter the leaderboard">
      <div className="lb-filter lb-filter-search">
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="H12, an id or words of the summary"
          value={filters.search}
          onChange={(event) => set('search', event.target.value)}
          data-testid="leaderboard-search"
        />
      </div>
      <FilterSelect id={`${id}-status`} label="Status" value={filters.status} anyValue="all" anyLabel="Any" choices={Object.keys(STATUS_LABELS) as Array<LeaderboardRow['status']>} nameOf={(status) => STATUS_LABELS[status]} onChange={(status) => set('status', status)} testId="filter-status" />
      <FilterSelect id={`${id}-origin`} label="Origin" value={filters.origin} anyValue="all" anyLabel="Any" choices={Object.keys(ORIGIN_LABELS) as Array<LeaderboardRow['origin']>} nameOf={(origin) => ORIGIN_LABELS[origin]} onChange={(origin) => set('origin', origin)} testId="filter-origin" />
      <FilterSelect id={`${id}-method`} label="Method" value={filters.method} anyValue="all" anyLabel="Any" choices={methods} nameOf={methodLabel} onChange={(method) => set('method', method)} testId="filter-method" />
      <div className="lb-filter lb-filter-narrow">
        <label htmlFor={`${id}-elo`}>Min Elo</label>
        <input
          id={`${id}-elo`}
          type="number"
          inputMode="numeric"
          step={10}
          placeholder="Any"
          value={filters.minElo ?? ''}
          onChange={(event) => set('minElo', event.target.value === '' || Number.isNaN(event.target.valueAsNumber) ? null : event.target.valueAsNumber)}
          data-testid="filter-min-elo"
        />
      </div>
      <button type="button" className="button button-secondary lb-clear" disabled={!hasFilters(filters)} onClick={() => onChange(NO_FILTERS)} data-testid="filters-clear">
        Clear filters
      </button>
    </div>
  );
}
