// Search and filters above the leaderboard: every control labelled and reachable by keyboard.
import { useId } from 'react';
import type { LeaderboardRow } from '../../../src-shared/routes/index';
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
      <div className="lb-filter">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} value={filters.status} onChange={(event) => set('status', event.target.value as Filters['status'])} data-testid="filter-status">
          <option value="all">Any</option>
          {(Object.keys(STATUS_LABELS) as Array<LeaderboardRow['status']>).map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="lb-filter">
        <label htmlFor={`${id}-origin`}>Origin</label>
        <select id={`${id}-origin`} value={filters.origin} onChange={(event) => set('origin', event.target.value as Filters['origin'])} data-testid="filter-origin">
          <option value="all">Any</option>
          {(Object.keys(ORIGIN_LABELS) as Array<LeaderboardRow['origin']>).map((origin) => (
            <option key={origin} value={origin}>
              {ORIGIN_LABELS[origin]}
            </option>
          ))}
        </select>
      </div>
      <div className="lb-filter">
        <label htmlFor={`${id}-method`}>Method</label>
        <select id={`${id}-method`} value={filters.method} onChange={(event) => set('method', event.target.value)} data-testid="filter-method">
          <option value="all">Any</option>
          {methods.map((method) => (
            <option key={method} value={method}>
              {methodLabel(method)}
            </option>
          ))}
        </select>
      </div>
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
