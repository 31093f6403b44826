// A Bradley-Terry score with its 95% bootstrap interval, drawn on the scale all rows share, so
// overlapping intervals (ranks the data cannot yet tell apart) are visible down the column.
// Plain boxes rather than an SVG per row: a table that mounts dozens of rows per scrolled frame
// lays out and paints these far faster, and the bar is announced as one labelled image.
const WIDTH = 120;
const PAD = 4;

export function CiBar({ score, ci, domain }: { score: number | null; ci: [number, number] | null; domain: [number, number] | null }) {
  if (score === null || ci === null || domain === null) {
    return <span className="muted ci-empty">not ranked</span>;
  }
  const x = (value: number): number => PAD + ((value - domain[0]) / (domain[1] - domain[0])) * (WIDTH - 2 * PAD);
  const label = `Bradley-Terry score ${Math.round(score)}, 95% interval ${ci[0]} to ${ci[1]}`;
  const low = x(ci[0]);
  return (
    <span className="ci-cell" title={label}>
      <span className="ci-score" aria-hidden="true">
        {Math.round(score)}
      </span>
      <span className="ci-bar" role="img" aria-label={label} data-testid="ci-bar">
        <span className="ci-range" style={{ left: `${low}px`, width: `${Math.max(1, x(ci[1]) - low)}px` }} />
        <span className="ci-point" style={{ left: `${x(score) - 3}px` }} />
      </span>
    </span>
  );
}
