// One leaderboard row, for every view that shows one: the desktop's virtualised board and the
// chat's leaderboard (issue 34: one implementation of a leaderboard row, not two). A view picks
// its columns from BOARD_COLUMNS; the row draws them in that list's order, each the same way
// everywhere (rank with the certified and tied marks, the title that opens the hypothesis, Elo,
// the Bradley-Terry interval, …). Styles: common/dataTable.css (.lb-row, .lb-col-<id>).
import { memo, type MouseEvent, type ReactNode } from 'react';
import type { HypothesisStatus, LeaderboardRow, ListedStatus } from '../../../src-shared/routes/index';
import { hypothesisTitle } from '../hypothesisTitle';
import { LISTED_STATUS_LABELS, methodLabel, ORIGIN_LABELS, STATUS_LABELS } from '../hypotheses/labels';
import { ciCell } from './ciCell';
import { movementLabel } from './boardFacts';

/** Every column a board can show, in the order a row draws them. */
export const BOARD_COLUMNS = [
  { id: 'select', label: 'Compare' },
  { id: 'rank', label: 'Rank' },
  { id: 'movement', label: 'Move', title: 'Rank movement in the latest judging round' },
  { id: 'number', label: '#', title: 'Hypothesis number' },
  { id: 'summary', label: 'Hypothesis' },
  { id: 'elo', label: 'Elo' },
  { id: 'bt', label: 'BT score · 95% CI', title: 'Bradley-Terry score with its 95% bootstrap interval' },
  { id: 'ptopk', label: 'P(top-k)', title: 'Share of bootstrap replicates in which it is in the top k' },
  { id: 'matches', label: 'W–L', title: 'Matches won and lost' },
  { id: 'status', label: 'Status' },
] as const satisfies readonly { id: string; label: string; title?: string }[];

export type BoardColumn = (typeof BOARD_COLUMNS)[number];
export type BoardColumnId = BoardColumn['id'];

/**
 * What a row shows. The desktop's rows (get_leaderboard) carry everything; the chat's come from
 * list_hypotheses (no certification) or rank_hypotheses (no number, summary or status), so those
 * may be unknown (null), and the match record, movement and origin absent: a view showing such
 * rows does not pick the columns that need them.
 */
export type BoardRowFacts = Pick<LeaderboardRow, 'id' | 'rank' | 'elo_score' | 'bt_score' | 'ci95' | 'p_top_k'> & {
  number: number | null;
  summary: string | null;
  status: HypothesisStatus | ListedStatus | null;
  certified_top_k: boolean | null;
} & Partial<Pick<LeaderboardRow, 'previous_rank' | 'movement' | 'wins' | 'matches_played' | 'origin' | 'method'>>;

const STATUS_TEXT: Record<HypothesisStatus | ListedStatus, string> = { ...STATUS_LABELS, ...LISTED_STATUS_LABELS };

/** The header row of the picked columns; `label` lets a view put controls (sorting) in a header cell. */
export function BoardHeader({ shown, label, sortOf }: { shown: readonly BoardColumnId[]; label?: (column: BoardColumn) => ReactNode; sortOf?: (column: BoardColumn) => 'ascending' | 'descending' | undefined }) {
  return (
    <div className="lb-row lb-head" role="row" aria-rowindex={1}>
      {BOARD_COLUMNS.filter((column) => shown.includes(column.id)).map((column) => (
        <div key={column.id} role="columnheader" className={`lb-cell lb-col-${column.id}`} aria-sort={sortOf?.(column)} title={'title' in column ? column.title : undefined}>
          {label === undefined ? column.label : label(column)}
        </div>
      ))}
    </div>
  );
}

/**
 * The id of the row a click landed on, unless it landed on the compare box. Rows have no handler
 * of their own (they stay light): the row group listens once and opens the row's hypothesis.
 */
export function clickedRowId(event: MouseEvent<HTMLElement>): string | undefined {
  const target = event.target as HTMLElement;
  if (target.closest('input') !== null) return undefined;
  return target.closest<HTMLElement>('[data-testid="leaderboard-row"]')?.dataset.id;
}

export interface BoardRowProps {
  row: BoardRowFacts;
  shown: readonly BoardColumnId[];
  /** Position among all the board's rows (0-based), for aria-rowindex. */
  index: number;
  /** Offset in a virtualised body; a row in normal flow has none. */
  start?: number | undefined;
  k: number | null;
  ciDomain: [number, number] | null;
  /** Picked for comparison; only where the `select` column is shown. */
  selected?: boolean | undefined;
  onToggleSelect?: ((id: string) => void) | undefined;
  open: boolean;
  /** Whether the title is a button that opens the hypothesis (the row group handles the click). */
  openable: boolean;
  /** Effectively tied with the row ranked just above (certification.ts): that row's number. */
  tiedWith?: number | undefined;
}

// Memoised: the desktop's board re-renders on every scrolled frame that changes the rows in view,
// and a row whose data did not change need not. Rows are few DOM nodes on purpose (dozens mount
// per frame in a fast scroll): names go in aria-label.
export const BoardRow = memo(function BoardRow({ row, shown, index, start, k, ciDomain, selected, onToggleSelect, open, openable, tiedWith }: BoardRowProps) {
  const has = (column: BoardColumnId): boolean => shown.includes(column);
  const title = row.summary === null ? row.id : hypothesisTitle({ summary: row.summary });
  const name = row.number === null ? title : `H${row.number}`;
  const bt = ciCell(row.bt_score, row.ci95, ciDomain);
  const movement = has('movement') ? movementLabel({ rank: row.rank, previous_rank: row.previous_rank ?? null, movement: row.movement ?? null }) : null;
  const origin = row.origin === undefined || row.method === undefined ? '' : row.origin === 'generated' ? methodLabel(row.method) : `${ORIGIN_LABELS[row.origin]} · ${methodLabel(row.method)}`;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`lb-row${row.certified_top_k === true ? ' is-certified' : ''}${selected === true ? ' is-selected' : ''}${open ? ' is-open' : ''}`}
      style={start === undefined ? undefined : { transform: `translateY(${start}px)` }}
      data-testid="leaderboard-row"
      data-id={row.id}
      data-rank={row.rank ?? ''}
    >
      {has('select') ? (
        <div role="cell" className="lb-cell lb-col-select">
          <input type="checkbox" checked={selected === true} onChange={() => onToggleSelect?.(row.id)} aria-label={`Compare ${name}`} data-testid="compare-toggle" />
        </div>
      ) : null}
      {has('rank') ? (
        <div role="cell" className="lb-cell lb-col-rank" data-testid="row-rank">
          {row.rank ?? '—'}
          {row.certified_top_k === true ? (
            <span className="lb-certified" role="img" aria-label={`certified in top-${k ?? 'k'}`} title={`Certified in the top ${k ?? 'k'}: there in at least 90% of bootstrap replicates`} data-testid="certified-marker">
              ✓
            </span>
          ) : null}
          {tiedWith !== undefined ? (
            <span className="lb-tied" role="img" aria-label={`effectively tied with H${tiedWith}, ranked just above: their intervals overlap`} title={`Effectively tied with H${tiedWith}: their 95% intervals overlap`} data-testid="tied-marker" data-tied-with={tiedWith}>
              ≈
            </span>
          ) : null}
        </div>
      ) : null}
      {movement !== null ? (
        <div role="cell" className={`lb-cell lb-col-movement lb-move-${movement.kind}`} title={movement.description} aria-label={movement.description || 'not ranked'} data-testid="row-movement">
          {movement.text}
        </div>
      ) : null}
      {has('number') ? (
        <div role="cell" className="lb-cell lb-col-number" data-testid="row-number">
          {row.number === null ? '—' : `H${row.number}`}
        </div>
      ) : null}
      {/* The title only (the full text is one click away): fewer characters to shape and paint per
          row in a fast scroll. */}
      {has('summary') ? (
        <div role="cell" className="lb-cell lb-col-summary" title={row.summary ?? undefined} data-testid="row-summary">
          {openable ? (
            <button type="button" className="lb-open" aria-expanded={open} data-testid="row-open">
              {title}
            </button>
          ) : (
            title
          )}
        </div>
      ) : null}
      {has('elo') ? (
        <div role="cell" className="lb-cell lb-col-elo" data-testid="row-elo">
          {Math.round(row.elo_score)}
        </div>
      ) : null}
      {has('bt') ? (
        <div role="cell" className={`lb-cell lb-col-bt${bt.label === undefined ? ' ci-empty' : ' ci-cell'}`} aria-label={bt.label} title={bt.label} style={bt.style} data-testid={bt.label === undefined ? undefined : 'ci-bar'}>
          {bt.text}
        </div>
      ) : null}
      {has('ptopk') ? (
        <div role="cell" className="lb-cell lb-col-ptopk">
          {row.p_top_k === null ? '—' : `${Math.round(row.p_top_k * 100)}%`}
        </div>
      ) : null}
      {has('matches') ? (
        <div role="cell" className="lb-cell lb-col-matches" title={row.matches_played === undefined ? undefined : `${row.matches_played} matches played`}>
          {row.wins === undefined || row.matches_played === undefined ? '—' : `${row.wins}–${row.matches_played - row.wins}`}
        </div>
      ) : null}
      {has('status') ? (
        <div role="cell" className="lb-cell lb-col-status" title={origin || undefined}>
          {row.status === null ? '—' : <span className={`chip lb-status-${row.status}`}>{STATUS_TEXT[row.status]}</span>}
          {origin}
        </div>
      ) : null}
    </div>
  );
});
