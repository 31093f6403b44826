// A row of tabs (WAI-ARIA tabs pattern): arrow keys move between them, the selected one is the
// only tab stop, and each carries a data-testid of `${testIdPrefix}-${id}`.
import type { KeyboardEvent } from 'react';
import './controls.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export function Tabs<T extends string>({
  items,
  selected,
  onSelect,
  label,
  testIdPrefix,
  panelId,
}: {
  items: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  label: string;
  testIdPrefix: string;
  /** The id of the tab panel these tabs control. */
  panelId: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const index = items.findIndex((item) => item.id === selected);
    const next = items[(index + (event.key === 'ArrowRight' ? 1 : items.length - 1)) % items.length];
    if (next === undefined) return;
    onSelect(next.id);
    document.getElementById(`${panelId}-tab-${next.id}`)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.id}
          id={`${panelId}-tab-${item.id}`}
          type="button"
          role="tab"
          className="quiet-button tab"
          aria-selected={item.id === selected}
          aria-controls={panelId}
          tabIndex={item.id === selected ? 0 : -1}
          data-testid={`${testIdPrefix}-${item.id}`}
          onClick={() => onSelect(item.id)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
