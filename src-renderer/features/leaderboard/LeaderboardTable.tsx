// The leaderboard as a virtualised table: only the rows in view are in the DOM, every row has the
// same height (nothing jumps while chunks arrive or while scrolling), and the ARIA table roles
// with row indices tell assistive technology how many rows there really are.
import { memo, useCallback, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { LeaderboardRow } from '../../../src-shared/routes/index';
import type { Sort, SortColumn } from './leaderboardModel';
import { BOARD_COLUMNS, BoardHeader, BoardRow, clickedRowId, type BoardColumn, type BoardColumnId } from '../../common/leaderboard/BoardRow';

export const ROW_HEIGHT = 44;

/** The desktop shows every column. */
const SHOWN: readonly BoardColumnId[] = BOARD_COLUMNS.map((column) => column.id);

/** The columns the board sorts by, and by what. */
const SORT_BY: Partial<Record<BoardColumnId, SortColumn>> = { rank: 'rank', movement: 'movement', number: 'number', elo: 'elo', bt: 'bt', ptopk: 'p_top_k', matches: 'matches' };

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
          const id = clickedRowId(event);
          if (id !== undefined && onOpen !== undefined) onOpen(id);
        }}
      >
        <div className="lb-body" role="presentation" style={{ height: `${virtualizer.getTotalSize()}px` }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index] as LeaderboardRow;
            return (
              <BoardRow
                key={item.key}
                row={row}
                shown={SHOWN}
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
  const active = (column: BoardColumn): boolean => SORT_BY[column.id] !== undefined && SORT_BY[column.id] === sort.column;
  return (
    <BoardHeader
      shown={SHOWN}
      sortOf={(column) => (active(column) ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined)}
      label={(column) => {
        const by = SORT_BY[column.id];
        if (by === undefined) return column.label;
        return (
          <button type="button" className="lb-sort" data-testid={`sort-${by}`} onClick={() => onSort(by)}>
            {column.label}
            <span className="lb-sort-arrow" aria-hidden="true">
              {active(column) ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
            </span>
          </button>
        );
      }}
    />
  );
});
