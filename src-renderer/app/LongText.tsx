// A heading-sized text that may be very long (a research goal of several sentences): shown in at
// most a few lines, with a button to show it whole when it does not fit. Nothing is cut for
// assistive technology: the clamp is visual only.
import { useLayoutEffect, useRef, useState, type ElementType } from 'react';
import './longText.css';

export function LongText({ as: Tag = 'span', text, lines = 2, id, testId }: { as?: ElementType; text: string; lines?: number; id?: string; testId?: string }) {
  const ref = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null || expanded) return;
    const measure = (): void => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);
  return (
    <>
      <Tag ref={ref} id={id} data-testid={testId} className={expanded ? 'long-text' : 'long-text is-clamped'} style={{ WebkitLineClamp: lines }}>
        {text}
      </Tag>
      {overflows || expanded ? (
        <button type="button" className="link-button long-text-toggle" aria-expanded={expanded} data-testid="long-text-toggle" onClick={() => setExpanded((now) => !now)}>
          {expanded ? 'Show less' : 'Show all'}
        </button>
      ) : null}
    </>
  );
}
