// A determinate progress bar with an accessible name; width is set through the CSSOM
// (React's style prop), which the strict CSP allows, unlike inline style attributes.
import { percent } from '../common/format';

export function ProgressBar({ value, label, testId }: { value: number; label: string; testId?: string }) {
  const pct = percent(value);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-valuetext={`${pct}%`}
      data-testid={testId}
    >
      <div className="progress-fill" style={{ width: `${pct}%` }} />
    </div>
  );
}
