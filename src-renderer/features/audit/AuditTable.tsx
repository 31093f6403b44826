// The audit log as a virtualised table, newest first, loading older pages as it scrolls. Rows
// are buttons in effect: click or Enter shows the call's details (arguments, hashes) beside it.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { AuditEntry } from '../../../src-shared/routes/index';
import { actorName, auditTime, OUTCOME_BADGES, outcomeLabel } from './format';

const ROW_HEIGHT = 40;

export interface AuditTableProps {
  rows: readonly AuditEntry[];
  total: number;
  selectedId: number | null;
  onSelect: (row: AuditEntry) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export function AuditTable({ rows, total, selectedId, onSelect, hasMore, loadingMore, onLoadMore }: AuditTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns functions React Compiler cannot memoise; this hook opts out by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= rows.length - 20) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, rows.length, onLoadMore]);

  // Up and down move through the rows like a list box; the details follow the selection.
  const onKey = (event: KeyboardEvent<HTMLDivElement>, index: number): void => {
    const next = event.key === 'ArrowDown' ? index + 1 : event.key === 'ArrowUp' ? index - 1 : -1;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(rows[index] as AuditEntry);
    } else if (next >= 0 && next < rows.length) {
      event.preventDefault();
      virtualizer.scrollToIndex(next);
      onSelect(rows[next] as AuditEntry);
      requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus());
    }
  };

  return (
    <div className="lb-table audit-table" role="table" aria-label="Audit log, newest first" aria-rowcount={total + 1} data-testid="audit-table">
      <div className="audit-row lb-head" role="row" aria-rowindex={1}>
        <div role="columnheader" className="lb-cell">Time</div>
        <div role="columnheader" className="lb-cell">Client</div>
        <div role="columnheader" className="lb-cell">Tool or action</div>
        <div role="columnheader" className="lb-cell">Target</div>
        <div role="columnheader" className="lb-cell">Outcome</div>
        <div role="columnheader" className="lb-cell audit-num">ms</div>
      </div>
      <div ref={scrollRef} className="lb-scroll audit-scroll" role="rowgroup" data-testid="audit-scroll" aria-busy={loadingMore}>
        <div className="lb-body" role="presentation" style={{ height: `${virtualizer.getTotalSize()}px` }}>
          {items.map((item) => {
            const row = rows[item.index] as AuditEntry;
            return (
              <div
                key={row.id}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={row.id === selectedId}
                tabIndex={row.id === selectedId || (selectedId === null && item.index === 0) ? 0 : -1}
                data-index={item.index}
                className={`audit-row${row.id === selectedId ? ' is-selected' : ''}`}
                style={{ transform: `translateY(${item.start}px)` }}
                onClick={() => onSelect(row)}
                onKeyDown={(event) => onKey(event, item.index)}
                data-testid="audit-row"
                data-client={row.client_id}
                data-action={row.action}
              >
                <div role="cell" className="lb-cell audit-num">
                  <time dateTime={row.at}>{auditTime(row.at)}</time>
                </div>
                <div role="cell" className="lb-cell" data-testid="audit-row-client">
                  {actorName(row.client_id)}
                </div>
                <div role="cell" className="lb-cell" data-testid="audit-row-action">
                  {row.action.replace(/^tool:/, '')}
                </div>
                <div role="cell" className="lb-cell muted" title={row.target ?? ''}>
                  {row.target ?? '—'}
                </div>
                <div role="cell" className="lb-cell">
                  <span className={`chip ${OUTCOME_BADGES[row.outcome]}`} data-testid="audit-row-outcome">
                    {outcomeLabel(row.outcome)}
                  </span>
                </div>
                <div role="cell" className="lb-cell audit-num">
                  {row.duration_ms < 10 ? row.duration_ms.toFixed(1) : Math.round(row.duration_ms)}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
