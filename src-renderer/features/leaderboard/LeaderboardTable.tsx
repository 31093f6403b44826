// The leaderboard as a virtualised table: only the rows in view are in the DOM, every row has the
// same height (nothing jumps while chunks arrive or while scrolling), and the ARIA table roles
// with row indices tell assistive technology how many rows there really are.
import { memo, useCallback, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { LeaderboardRow } from '../../../src-shared/routes/index';
import { ciCell } from './ciCell';
import { movementLabel, type Sort, type SortColumn } from './leaderboardModel';
import { methodLabel, ORIGIN_LABELS, STATUS_LABELS } from './labels';
import { hypothesisTitle } from '../../common/hypothesisTitle';

export const ROW_HEIGHT = 44;


interface Column {
  id: string;
  label: string;
  sort?: SortColumn;
  /** Accessible name when the visible label is an abbreviation. */
  title?: string;
}

const COLUMNS: Column[] = [
  { id: 'select', label: 'Compare' },
  { id: 'rank', label: 'Rank', sort: 'rank' },
  { id: 'movement', label: 'Move', sort: 'movement', title: 'Rank movement in the latest judging round' },
  { id: 'number', label: '#', sort: 'number', title: 'Hypothesis number' },
  { id: 'summary', label: 'Hypothesis' },
  { id: 'elo', label: 'Elo', sort: 'elo' },
  { id: 'bt', label: 'BT score · 95% CI', sort: 'bt', title: 'Bradley-Terry score with its 95% bootstrap interval' },
  { id: 'ptopk', label: 'P(top-k)', sort: 'p_top_k', title: 'Share of bootstrap replicates in which it is in the top k' },
  { id: 'matches', label: 'W–L', sort: 'matches', title: 'Matches won and lost' },
  { id: 'status', label: 'Status' },
];

export interface LeaderboardTableProps {
  rows: readonly LeaderboardRow[];
  totalRows: number;
  k: number;
  ciDomain: [number, number] | null;
  sort: Sort;
  onSort: (column: SortColumn) => void;
  selected: readonly string[];
  onToggleSelect: (id: string) => void;
  /** The hypothesis open in the side panel, if any. */
  openId?: string | null | undefined;
  /** Opens a hypothesis in full (a click anywhere on its row, or Enter on its title). */
  onOpen?: ((id: string) => void) | undefined;
  /** Rows effectively tied with the row ranked just above (certification.ts): that row's number. */
  ties?: ReadonlyMap<string, number> | undefined;
}

export function LeaderboardTable({ rows, totalRows, k, ciDomain, sort, onSort, selected, onToggleSelect, openId, onOpen, ties }: LeaderboardTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Stable between scroll renders: a new key function makes the virtualizer re-measure all 10,000 rows.
  const getItemKey = useCallback((index: number) => (rows[index] as LeaderboardRow).id, [rows]);
  // TanStack Virtual returns functions React Compiler cannot memoise; this hook opts out by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey,
    // A few rows beyond the edge hide mounting while the compositor scrolls ahead of the main
    // thread; every extra one is mounted again in each frame of a fast fling.
    overscan: 4,
  });

  return (
    <div className="lb-table lb-board" role="table" aria-label="Leaderboard" aria-rowcount={totalRows + 1} data-testid="leaderboard-table">
      <TableHeader sort={sort} onSort={onSort} />
      {/* The scroller is the table's row group (a table may own only rows and row groups); the
          inner sizer is presentational, so rows are its direct children for assistive technology. */}
      {/* One click handler for all rows (rows stay light): a click outside the compare box opens the row's hypothesis. */}
      <div
        ref={scrollRef}
        className="lb-scroll"
        role="rowgroup"
        data-testid="leaderboard-scroll"
        tabIndex={-1}
        onClick={(event) => {
          const target = event.target as HTMLElement;
          if (onOpen === undefined || target.closest('input') !== null) return;
          const id = target.closest<HTMLElement>('[data-testid="leaderboard-row"]')?.dataset.id;
          if (id !== undefined) onOpen(id);
        }}
      >
        <div className="lb-body" role="presentation" style={{ height: `${virtualizer.getTotalSize()}px` }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index] as LeaderboardRow;
            return (
              <Row
                key={item.key}
                row={row}
                index={item.index}
                start={item.start}
                k={k}
                ciDomain={ciDomain}
                selected={selected.includes(row.id)}
                onToggleSelect={onToggleSelect}
                open={row.id === openId}
                openable={onOpen !== undefined}
                tiedWith={ties?.get(row.id)}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

// Its own memoised component: the table re-renders on every scrolled frame that changes the rows
// in view, and the header (ten cells, seven buttons) has nothing to do with that.
const TableHeader = memo(function TableHeader({ sort, onSort }: { sort: Sort; onSort: (column: SortColumn) => void }) {
  return (
    <div className="lb-row lb-head" role="row" aria-rowindex={1}>
      {COLUMNS.map((column) => {
        const active = column.sort !== undefined && sort.column === column.sort;
        return (
          <div
            key={column.id}
            role="columnheader"
            className={`lb-cell lb-col-${column.id}`}
            aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
            title={column.title}
          >
            {column.sort === undefined ? (
              column.label
            ) : (
              <button type="button" className="lb-sort" data-testid={`sort-${column.sort}`} onClick={() => onSort(column.sort as SortColumn)}>
                {column.label}
                <span className="lb-sort-arrow" aria-hidden="true">
                  {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                </span>
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
});

interface RowProps {
  row: LeaderboardRow;
  index: number;
  start: number;
  k: number;
  ciDomain: [number, number] | null;
  selected: boolean;
  onToggleSelect: (id: string) => void;
  open: boolean;
  openable: boolean;
  tiedWith: number | undefined;
}

// Memoised: scrolling re-renders the table, but a row whose data did not change need not.
const Row = memo(function Row({ row, index, start, k, ciDomain, selected, onToggleSelect, open, openable, tiedWith }: RowProps) {
  const title = hypothesisTitle(row);
  const movement = movementLabel(row);
  const losses = row.matches_played - row.wins;
  const bt = ciCell(row.bt_score, row.ci95, ciDomain);
  const origin = row.origin === 'generated' ? methodLabel(row.method) : `${ORIGIN_LABELS[row.origin]} · ${methodLabel(row.method)}`;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`lb-row${row.certified_top_k ? ' is-certified' : ''}${selected ? ' is-selected' : ''}${open ? ' is-open' : ''}`}
      style={{ transform: `translateY(${start}px)` }}
      data-testid="leaderboard-row"
      data-id={row.id}
      data-rank={row.rank ?? ''}
    >
      <div role="cell" className="lb-cell lb-col-select">
        <input type="checkbox" checked={selected} onChange={() => onToggleSelect(row.id)} aria-label={`Compare H${row.number}`} data-testid="compare-toggle" />
      </div>
      <div role="cell" className="lb-cell lb-col-rank" data-testid="row-rank">
        {row.rank ?? '—'}
        {row.certified_top_k ? (
          <span className="lb-certified" role="img" aria-label={`certified in top-${k}`} title={`Certified in the top ${k}: there in at least 90% of bootstrap replicates`} data-testid="certified-marker">
            ✓
          </span>
        ) : null}
        {tiedWith !== undefined ? (
          <span className="lb-tied" role="img" aria-label={`effectively tied with H${tiedWith}, ranked just above: their intervals overlap`} title={`Effectively tied with H${tiedWith}: their 95% intervals overlap`} data-testid="tied-marker" data-tied-with={tiedWith}>
            ≈
          </span>
        ) : null}
      </div>
      {/* Rows are few DOM nodes on purpose (dozens mount per frame in a fast scroll): names go in aria-label. */}
      <div role="cell" className={`lb-cell lb-col-movement lb-move-${movement.kind}`} title={movement.description} aria-label={movement.description || 'not ranked'} data-testid="row-movement">
        {movement.text}
      </div>
      <div role="cell" className="lb-cell lb-col-number">
        {`H${row.number}`}
      </div>
      {/* The title only (the full text is one click away, in the side panel): fewer characters to
          shape and paint per row in a fast scroll. */}
      <div role="cell" className="lb-cell lb-col-summary" title={row.summary} data-testid="row-summary">
        {openable ? (
          <button type="button" className="lb-open" aria-expanded={open} data-testid="row-open">
            {title}
          </button>
        ) : (
          title
        )}
      </div>
      <div role="cell" className="lb-cell lb-col-elo" data-testid="row-elo">
        {Math.round(row.elo_score)}
      </div>
      <div
        role="cell"
        className={`lb-cell lb-col-bt${bt.label === undefined ? ' ci-empty' : ' ci-cell'}`}
        aria-label={bt.label}
        title={bt.label}
        style={bt.style}
        data-testid={bt.label === undefined ? undefined : 'ci-bar'}
      >
        {bt.text}
      </div>
      <div role="cell" className="lb-cell lb-col-ptopk">
        {row.p_top_k === null ? '—' : `${Math.round(row.p_top_k * 100)}%`}
      </div>
      <div role="cell" className="lb-cell lb-col-matches" title={`${row.matches_played} matches played`}>
        {`${row.wins}–${losses}`}
      </div>
      <div role="cell" className="lb-cell lb-col-status" title={origin}>
        <span className={`chip lb-status-${row.status}`}>{STATUS_LABELS[row.status]}</span>
        {origin}
      </div>
    </div>
  );
});
