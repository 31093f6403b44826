// The simulated world of the tournament benchmark: hypotheses with a latent quality and a judge
// that is right more often the larger the quality gap, biased towards the first slot.
//
// Calibration. Qualities are standard normal. The judge picks the first slot with probability
//   σ(s·(q_first − q_second) + β)
// (a Bradley-Terry judge with position bias β). Its pairwise accuracy on a random pair, shown in
// random slot order, is
//   A(s) = E_Δ[ ½σ(sΔ + β) + ½σ(sΔ − β) ],   Δ = |q₁ − q₂| ~ half-normal with scale √2,
// the chance it prefers the truly better hypothesis. A(s) grows with s, so s is found by
// bisection so that A(s) equals the target (87% or 74%); the expectation is a Simpson integral
// over Δ. Close pairs are thus judged near chance and distant pairs almost always right, as with
// real LLM judges, while the *average* over random pairs is the stated accuracy.
import { createRng, type Match, type Rng } from '../src-mcp/engine/tournament/index.js';

export interface World {
  readonly ids: readonly string[];
  readonly quality: ReadonlyMap<string, number>;
  /** The true top-k ids. */
  readonly trueTop: ReadonlySet<string>;
}

export function createWorld(n: number, k: number, seed: number): World {
  const rng = createRng(seed);
  const ids = Array.from({ length: n }, (_, i) => `hyp_${String(i).padStart(5, '0')}`);
  const quality = new Map(ids.map((id) => [id, rng.normal()]));
  const ranked = [...ids].sort((a, b) => (quality.get(b) as number) - (quality.get(a) as number));
  return { ids, quality, trueTop: new Set(ranked.slice(0, k)) };
}

export interface Judge {
  readonly accuracy: number;
  readonly slope: number;
  readonly bias: number;
  /** Judges one pair in the given slot order and returns the match. */
  judge(world: World, first: string, second: string, id: string, rng: Rng): Match;
}

export function createJudge(accuracy: number, bias: number): Judge {
  const slope = calibrateSlope(accuracy, bias);
  return {
    accuracy,
    slope,
    bias,
    judge(world, first, second, id, rng) {
      const gap = (world.quality.get(first) as number) - (world.quality.get(second) as number);
      const firstWins = rng.next() < logistic(slope * gap + bias);
      return { id, first, second, winner: firstWins ? first : second, judge: 'model' };
    },
  };
}

/** Average accuracy over random pairs in random slot order, for slope s and bias β. */
export function pairwiseAccuracy(slope: number, bias: number): number {
  const scale = Math.SQRT2;
  const upper = 10 * scale;
  const intervals = 2000;
  const h = upper / intervals;
  const integrand = (gap: number): number => {
    const density = (2 / (scale * Math.sqrt(2 * Math.PI))) * Math.exp(-(gap * gap) / (2 * scale * scale));
    return density * 0.5 * (logistic(slope * gap + bias) + logistic(slope * gap - bias));
  };
  let sum = integrand(0) + integrand(upper);
  for (let i = 1; i < intervals; i++) sum += (i % 2 === 1 ? 4 : 2) * integrand(i * h);
  return (sum * h) / 3;
}

export function calibrateSlope(accuracy: number, bias: number): number {
  let low = 0;
  let high = 50;
  for (let i = 0; i < 100; i++) {
    const mid = (low + high) / 2;
    if (pairwiseAccuracy(mid, bias) < accuracy) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Share of the true top-k found in a reported top-k. */
export function recall(world: World, reportedTop: readonly string[]): number {
  let hits = 0;
  for (const id of reportedTop) if (world.trueTop.has(id)) hits++;
  return hits / world.trueTop.size;
}

/** `count` uniformly random pairs in random slot order, judged by `judge`: a log for timing runs. */
export function randomLog(world: World, judge: Judge, count: number, rng: Rng): Match[] {
  const n = world.ids.length;
  const matches: Match[] = [];
  for (let j = 0; j < count; j++) {
    const a = rng.int(n);
    const b = (a + 1 + rng.int(n - 1)) % n;
    matches.push(judge.judge(world, world.ids[a] as string, world.ids[b] as string, `m${j}`, rng));
  }
  return matches;
}
