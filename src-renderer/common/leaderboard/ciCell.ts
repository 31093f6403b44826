// A Bradley-Terry score with its 95% bootstrap interval, drawn on the scale all rows share, so
// overlapping intervals (ranks the data cannot yet tell apart) are visible down the column.
// No element of its own: the table cell shows the score as its text and draws the bar with CSS
// background layers (shared/dataTable.css, .ci-cell). A fast scroll mounts several rows per frame, and
// each element per row costs style, layout and paint in every one of them (bench/leaderboard-trace.ts).
import type { CSSProperties } from 'react';

const WIDTH = 120;
const PAD = 4;

/** Props for the cell that shows the score and its interval: text, accessible name, bar positions. */
export function ciCell(score: number | null, ci: { low: number; high: number } | null, domain: [number, number] | null): { text: string; label: string | undefined; style: CSSProperties | undefined } {
  if (score === null || ci === null || domain === null) return { text: 'not ranked', label: undefined, style: undefined };
  const x = (value: number): number => PAD + ((value - domain[0]) / (domain[1] - domain[0])) * (WIDTH - 2 * PAD);
  const low = x(ci.low);
  return {
    text: String(Math.round(score)),
    label: `Bradley-Terry score ${Math.round(score)}, 95% interval ${ci.low} to ${ci.high}`,
    style: {
      '--ci-low': `${low.toFixed(1)}px`,
      '--ci-width': `${Math.max(1, x(ci.high) - low).toFixed(1)}px`,
      '--ci-point': `${x(score).toFixed(1)}px`,
    } as CSSProperties,
  };
}
