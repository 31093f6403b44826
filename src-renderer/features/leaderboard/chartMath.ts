// Small, pure helpers for the hand-drawn SVG charts: axis ticks at round numbers and the path of
// a step series. No chart library is installed; these are all the charts need.

/** One point of an Elo series (get_elo_history): Elo after the match at that position in the log. */
export interface EloPoint {
  match: number;
  elo: number;
}

/**
 * About `count` ticks covering [min, max] at 1, 2 or 5 × 10^n steps: the step nearest to an even
 * split, by the geometric midpoints between candidates (the rule d3's ticks use).
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const raw = (max - min) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const error = raw / magnitude;
  const step = magnitude * (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1);
  const ticks: number[] = [];
  for (let value = Math.ceil(min / step) * step; value <= max + step * 1e-9; value += step) ticks.push(Math.round(value * 1e6) / 1e6);
  return ticks;
}

export interface Scale {
  (value: number): number;
  domain: [number, number];
}

export function linearScale(domain: [number, number], range: [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  const scale = ((value: number) => r0 + ((value - d0) / span) * (r1 - r0)) as Scale;
  scale.domain = domain;
  return scale;
}

/**
 * An SVG path through the points as steps: Elo holds between a hypothesis's matches, so the line
 * stays level until the next one instead of suggesting a gradual change.
 */
export function stepPath(points: ReadonlyArray<EloPoint>, x: Scale, y: Scale): string {
  let d = '';
  points.forEach(({ match, elo }, i) => {
    if (i === 0) d += `M${x(match).toFixed(1)},${y(elo).toFixed(1)}`;
    else d += `H${x(match).toFixed(1)}V${y(elo).toFixed(1)}`;
  });
  return d;
}

/**
 * The range of all series (their Elo and, where given, the ends of their Bradley-Terry 95%
 * intervals, which share the Elo-like scale), padded so lines do not touch the frame.
 */
export function eloDomain(series: ReadonlyArray<{ points: ReadonlyArray<EloPoint>; ci95?: { low: number; high: number } | null }>): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  for (const s of series) {
    for (const { elo } of s.points) {
      low = Math.min(low, elo);
      high = Math.max(high, elo);
    }
    if (s.ci95) {
      low = Math.min(low, s.ci95.low);
      high = Math.max(high, s.ci95.high);
    }
  }
  if (!Number.isFinite(low)) return [950, 1050];
  const pad = Math.max(10, (high - low) * 0.08);
  return [Math.floor(low - pad), Math.ceil(high + pad)];
}
