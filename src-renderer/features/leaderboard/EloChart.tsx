// Elo over time as a hand-drawn SVG line chart: match number across, Elo up, one stepped line per
// hypothesis. At the right, on the same Elo-like scale, each ranked hypothesis's Bradley-Terry
// score with its bootstrap 95% interval (the numbers the leaderboard and the final report show),
// so overlapping whiskers say the data cannot yet tell those ranks apart. The legend names each
// line, its rank, score, interval and Elo in text, with a button to take it off the chart (the
// chart itself is summarised for screen readers by its title and description).
import { useId } from 'react';
import type { EloHistory } from '../../../src-shared/routes/index';
import { eloDomain, linearScale, niceTicks, stepPath } from './chartMath';

const WIDTH = 760;
const HEIGHT = 300;
/** The interval strip to the right of the lines. */
const STRIP = 130;
const MARGIN = { top: 12, right: 16, bottom: 36, left: 52 };
const PLOT_RIGHT = WIDTH - MARGIN.right - STRIP;

type Series = EloHistory['series'][number];

const lastElo = (s: Series): number => s.points[s.points.length - 1]?.elo ?? 1000;

function standingText(s: Series): string {
  const score = s.bt_score === null || s.ci95 === null ? 'not ranked' : `score ${Math.round(s.bt_score)}, 95% interval ${s.ci95.low}–${s.ci95.high}`;
  return `${s.rank === null ? '' : `rank ${s.rank}, `}${score}; Elo ${Math.round(lastElo(s))} after ${s.played_matches} matches`;
}

export function EloChart({ history, onRemove }: { history: EloHistory; onRemove?: ((id: string) => void) | undefined }) {
  const id = useId();
  const x = linearScale([0, Math.max(1, history.matches)], [MARGIN.left, PLOT_RIGHT]);
  const y = linearScale(eloDomain(history.series), [HEIGHT - MARGIN.bottom, MARGIN.top]);
  const xTicks = niceTicks(0, Math.max(1, history.matches), 6).filter((t) => Number.isInteger(t));
  const yTicks = niceTicks(y.domain[0], y.domain[1], 5);
  const stripLeft = PLOT_RIGHT + 16;
  const stripStep = (WIDTH - MARGIN.right - stripLeft) / Math.max(1, history.series.length);
  const description = history.series.map((s) => `H${s.number}: ${standingText(s)}`).join('; ');

  return (
    <figure className="elo-chart" data-testid="elo-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="chart-svg">
        <title id={`${id}-title`}>Elo over the {history.matches} matches of the tournament, and each rank&apos;s score with its 95% interval</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g className="chart-grid" aria-hidden="true">
          {yTicks.map((t) => (
            <g key={`y${t}`}>
              <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(t)} y2={y(t)} />
              <text x={MARGIN.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
                {t}
              </text>
            </g>
          ))}
          {xTicks.map((t) => (
            <text key={`x${t}`} x={x(t)} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle">
              {t}
            </text>
          ))}
          <line className="chart-strip-rule" x1={stripLeft - 8} x2={stripLeft - 8} y1={MARGIN.top} y2={HEIGHT - MARGIN.bottom} />
          <text className="chart-axis-label" x={(MARGIN.left + PLOT_RIGHT) / 2} y={HEIGHT - 4} textAnchor="middle">
            Matches judged
          </text>
          <text className="chart-axis-label" x={(stripLeft + WIDTH - MARGIN.right) / 2} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle">
            Score now
          </text>
          <text x={(stripLeft + WIDTH - MARGIN.right) / 2} y={HEIGHT - 4} textAnchor="middle">
            95% interval
          </text>
          <text className="chart-axis-label" transform={`translate(12 ${(MARGIN.top + HEIGHT - MARGIN.bottom) / 2}) rotate(-90)`} textAnchor="middle">
            Elo / score
          </text>
        </g>
        {history.series.map((s, i) => {
          const last = s.points[s.points.length - 1];
          const cx = stripLeft + (i + 0.5) * stripStep;
          return (
            <g key={s.id} className={`chart-series series-${i % 8}`} data-testid="elo-series" data-id={s.id}>
              <path d={stepPath([...s.points, ...(last ? [{ match: history.matches, elo: last.elo }] : [])], x, y)} />
              {last ? <circle cx={x(history.matches)} cy={y(last.elo)} r={3.5} /> : null}
              {s.bt_score !== null && s.ci95 !== null ? (
                <g className="chart-interval" data-testid="elo-interval" data-low={s.ci95.low} data-high={s.ci95.high} data-score={s.bt_score}>
                  <line x1={cx} x2={cx} y1={y(s.ci95.low)} y2={y(s.ci95.high)} />
                  <line x1={cx - 4} x2={cx + 4} y1={y(s.ci95.low)} y2={y(s.ci95.low)} />
                  <line x1={cx - 4} x2={cx + 4} y1={y(s.ci95.high)} y2={y(s.ci95.high)} />
                  <rect x={cx - 3.5} y={y(s.bt_score) - 3.5} width={7} height={7} />
                </g>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="chart-legend">
          {history.series.map((s, i) => (
            <li key={s.id} className={`series-${i % 8}`} data-testid="elo-legend-item" data-id={s.id}>
              <span className="chart-swatch" aria-hidden="true" />
              <strong>H{s.number}</strong>
              <span className="chart-legend-standing">{standingText(s)}</span>
              <span className="chart-legend-summary muted" title={s.summary}>
                {s.summary}
              </span>
              {onRemove ? (
                <button type="button" className="button button-small button-secondary" onClick={() => onRemove(s.id)} aria-label={`Remove H${s.number} from the chart`} data-testid="elo-remove">
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
