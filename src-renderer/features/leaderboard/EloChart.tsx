// Elo over time as a hand-drawn SVG line chart: match number across, Elo up, one stepped line per
// hypothesis, with a legend that names each line and its current Elo in text (the chart itself
// is summarised for screen readers by its title and description).
import { useId } from 'react';
import type { EloHistory } from '../../../src-main/host/contract';
import { eloDomain, linearScale, niceTicks, stepPath } from './chartMath';

const WIDTH = 760;
const HEIGHT = 300;
const MARGIN = { top: 12, right: 16, bottom: 36, left: 52 };

export function EloChart({ history }: { history: EloHistory }) {
  const id = useId();
  const x = linearScale([0, Math.max(1, history.matches)], [MARGIN.left, WIDTH - MARGIN.right]);
  const y = linearScale(eloDomain(history.series), [HEIGHT - MARGIN.bottom, MARGIN.top]);
  const xTicks = niceTicks(0, Math.max(1, history.matches), 6).filter((t) => Number.isInteger(t));
  const yTicks = niceTicks(y.domain[0], y.domain[1], 5);
  const description = history.series
    .map((s) => `H${s.number}: ${Math.round(s.points[s.points.length - 1]?.elo ?? 1000)} after ${s.played_matches} matches`)
    .join('; ');

  return (
    <figure className="elo-chart" data-testid="elo-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="chart-svg">
        <title id={`${id}-title`}>Elo over the {history.matches} matches of the tournament</title>
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
          <text className="chart-axis-label" x={(MARGIN.left + WIDTH - MARGIN.right) / 2} y={HEIGHT - 4} textAnchor="middle">
            Matches judged
          </text>
          <text className="chart-axis-label" transform={`translate(12 ${(MARGIN.top + HEIGHT - MARGIN.bottom) / 2}) rotate(-90)`} textAnchor="middle">
            Elo
          </text>
        </g>
        {history.series.map((s, i) => {
          const last = s.points[s.points.length - 1];
          return (
            <g key={s.id} className={`chart-series series-${i % 8}`} data-testid="elo-series" data-id={s.id}>
              <path d={stepPath([...s.points, ...(last ? [{ match: history.matches, elo: last.elo }] : [])], x, y)} />
              {last ? <circle cx={x(history.matches)} cy={y(last.elo)} r={3.5} /> : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="chart-legend">
          {history.series.map((s, i) => (
            <li key={s.id} className={`series-${i % 8}`}>
              <span className="chart-swatch" aria-hidden="true" />
              <strong>H{s.number}</strong>
              {s.rank === null ? '' : ` (rank ${s.rank})`} — Elo {Math.round(s.points[s.points.length - 1]?.elo ?? 1000)}, {s.played_matches} matches
              <span className="chart-legend-summary muted" title={s.summary}>
                {s.summary}
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
