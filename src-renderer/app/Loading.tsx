// The one placeholder every view shows while its data loads. It is a status region named by what
// is loading, so a screen reader announces "Loading matches" rather than nothing: ARIA forbids an
// aria-label on a div without a role (axe's aria-prohibited-attr), and a label-less skeleton is
// silent. The skeleton shapes inside only hold the space the content will take (feedback.css).

/** A skeleton shape of feedback.css: `skeleton-row` is a list row, `skeleton-block` a panel. */
export type SkeletonShape = 'title' | 'line' | 'block' | 'row';

export function Loading({ label, className, shapes = [], testId }: { label: string; className: string; shapes?: readonly SkeletonShape[]; testId?: string }) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label={label} data-testid={testId}>
      {shapes.map((shape, i) => (
        <div key={i} className={`skeleton skeleton-${shape}`} />
      ))}
    </div>
  );
}

/** `count` list rows, the placeholder of a list. */
export function skeletonRows(count: number): SkeletonShape[] {
  return Array.from({ length: count }, () => 'row');
}
