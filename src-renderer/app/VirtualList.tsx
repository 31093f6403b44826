// A list that can grow without limit: only the rows in view (plus a few) are in the DOM
// (@tanstack/react-virtual), rows measure their own height, and reaching the end asks for the
// next page. The list is its own scroll container; its height comes from the stylesheet of the
// view that uses it, so nothing jumps while pages arrive.
import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import './virtualList.css';

export interface VirtualListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** A typical row height in pixels; rows are measured once rendered. */
  estimateSize: number;
  className?: string;
  testId?: string;
  label: string;
  /** Called when the last rows come into view and more can be loaded. */
  onEndReached?: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  /** Space between rows, in pixels. */
  gap?: number;
  /** Makes the list itself a tab stop: needed when its rows hold no control, so that keyboard users can scroll it. */
  focusable?: boolean;
}

/** The part of an infinite query (TanStack Query's useInfiniteQuery) that paging needs. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Wires a paged query to the list's paging props: reaching the end fetches the next page. */
export function pagingOf(query: PagedQuery): Pick<VirtualListProps<unknown>, 'hasMore' | 'loadingMore' | 'onEndReached'> {
  return { hasMore: query.hasNextPage, loadingMore: query.isFetchingNextPage, onEndReached: () => void query.fetchNextPage() };
}

/** How close to the end (in rows) the next page is requested, so it arrives before it is needed. */
const PREFETCH_ROWS = 5;

export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, getKey, renderItem, estimateSize, onEndReached, hasMore = false, loadingMore = false, gap = 0 } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns functions React Compiler cannot memoise; this hook opts out by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => getKey(items[index] as T),
    overscan: 6,
    gap,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows[rows.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && onEndReached && lastIndex >= items.length - PREFETCH_ROWS) onEndReached();
  }, [hasMore, loadingMore, onEndReached, lastIndex, items.length]);

  return (
    <div ref={scrollRef} className={`virtual-list ${props.className ?? ''}`} data-testid={props.testId} role="list" aria-label={props.label} aria-busy={loadingMore} tabIndex={props.focusable === true ? 0 : undefined}>
      <div className="virtual-list-body" style={{ height: `${virtualizer.getTotalSize()}px` }}>
        {rows.map((row) => (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            role="listitem"
            className="virtual-list-row"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index] as T, row.index)}
          </div>
        ))}
      </div>
      {loadingMore ? <p className="virtual-list-more muted">Loading more…</p> : null}
    </div>
  );
}
