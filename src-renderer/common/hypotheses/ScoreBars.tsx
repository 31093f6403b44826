// A review's scores as bars (0 to 1), each with its number, so they can be compared at a glance.
import type { ReviewScores } from '../../../src-shared/routes/index';
import { SCORE_LABELS } from './labels';

export function ScoreBars({ scores }: { scores: ReviewScores }) {
  return (
    <dl className="score-bars" data-testid="score-bars">
      {(Object.keys(SCORE_LABELS) as Array<keyof ReviewScores>).map((key) => {
        const pct = Math.round(Math.min(1, Math.max(0, scores[key])) * 100);
        return (
          <div key={key} className={`score-bar${key === 'overall' ? ' score-bar-overall' : ''}`}>
            <dt>{SCORE_LABELS[key]}</dt>
            <dd>
              <span className="score-track" role="meter" aria-label={SCORE_LABELS[key]} aria-valuemin={0} aria-valuemax={1} aria-valuenow={scores[key]} data-testid={`score-${key}`}>
                <span className="score-fill" style={{ width: `${pct}%` }} />
              </span>
              <span className="score-value">{scores[key].toFixed(2)}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
