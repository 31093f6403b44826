// A list that is usually short but has no upper bound (a hypothesis's reviews and matches): laid
// out in the page while short, virtualised in its own scroll area once it grows past `threshold`.
import type { ReactNode } from 'react';
import { VirtualList } from './VirtualList';

export function GrowingList<T>({
  items,
  getKey,
  renderItem,
  label,
  className,
  scrollClassName,
  estimateSize,
  threshold = 30,
}: {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
  /** Class of the plain list. */
  className: string;
  /** Class of the virtualised list: it must give it a height. */
  scrollClassName: string;
  estimateSize: number;
  threshold?: number;
}) {
  if (items.length <= threshold) {
    return (
      <ul className={className} aria-label={label}>
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
    );
  }
  return <VirtualList items={items} getKey={getKey} renderItem={renderItem} label={label} className={scrollClassName} estimateSize={estimateSize} gap={8} />;
}
