// A passage with its matched terms marked. The ranges come from the search index (stemmed
// matches: "cells" is marked for a search on "cell"), so the GUI never re-implements matching.
import type { ReactNode } from 'react';

export function Highlighted({ text, ranges }: { text: string; ranges: ReadonlyArray<{ start: number; end: number }> }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of [...ranges].sort((a, b) => a.start - b.start)) {
    if (start < at || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} data-testid="knowledge-match">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
