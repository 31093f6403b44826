// Boundary pairing: once every hypothesis is roughly placed, spend judge calls where they can
// change the answer to "which k are best".
//
// Each hypothesis i has a strength estimate θ_i with bootstrap sd s_i; the top-k boundary sits at
// c, midway between the k-th and (k+1)-th strengths, and a_i = (θ_i − c)/s_i says how many sds i
// is from it (P(in top-k) ≈ Φ(a_i)). Judging i against j adds Fisher information about θ_i of
//   I_i = q(1 − q) / (1 + q(1 − q)·s_j²),   q = σ(θ_i − θ_j),
// (an opponent of similar strength informs most; an uncertain opponent informs less), shrinking
// s_i to s_i' = (1/s_i² + I_i)^(−1/2). The expected movement of a_i is then about
// sqrt(s_i² − s_i'²)/s_i', and it matters in proportion to the density f(a_i) at the boundary:
//   value(i, j) = f(a_i)·Δa_i + f(a_j)·Δa_j   (a knowledge-gradient style score),
// with f a heavy-tailed (Student-t) density, since estimates from few matches can be far off.
// So the best pairs put an uncertain near-boundary hypothesis against a well-measured one of
// similar strength: the LUCB idea (weakest likely member against strongest likely outsider).
// A batch is built greedily; after each pick the two hypotheses' sds are shrunk as if the match
// had been judged, so a batch judged in parallel spreads over the boundary instead of repeating
// one pair.
import type { Batch } from './batch.js';
import { sigmoid } from './solver.js';

export interface BoundaryView {
  /** Bootstrap standard deviation of the strength, in logits. */
  readonly sd: Float64Array;
  /** 0-based rank per hypothesis. */
  readonly rank: Int32Array;
}

/** Pairs are scored among at most this many hypotheses nearest the boundary: O(candidates²) per pick. */
const MAX_CANDIDATES = 96;
/** A floor on the sd (logits), so that a leaderboard without bootstrap still orders pairs. */
const SD_FLOOR = 0.05;

export function boundaryPairs(batch: Batch, view: BoundaryView, k: number, count: number): void {
  const n = batch.n;
  const byRank = new Int32Array(n);
  view.rank.forEach((rank, i) => (byRank[rank] = i));
  const theta = batch.theta;
  const cut = k >= n ? -Infinity : ((theta[byRank[k - 1] as number] as number) + (theta[byRank[k] as number] as number)) / 2;
  const sd = Float64Array.from(view.sd, (s) => Math.max(s, SD_FLOOR));
  const candidates = boundaryCandidates(theta, sd, cut);
  const c = candidates.length;
  // value[x·c + y] for x < y, and its discount: earlier meetings (and this batch's own picks) make
  // a pair worth less, so that variety guards against a wrong fit.
  const value = new Float64Array(c * c);
  const discount = new Float64Array(c * c);
  const score = (x: number, y: number): void => {
    value[x * c + y] = pairValue(theta, sd, cut, candidates[x] as number, candidates[y] as number) / (discount[x * c + y] as number);
  };
  for (let x = 0; x < c; x++) {
    for (let y = x + 1; y < c; y++) {
      discount[x * c + y] = 1 + batch.met(candidates[x] as number, candidates[y] as number);
      score(x, y);
    }
  }

  while (batch.pairs.length < count && c >= 2) {
    let bestX = 0;
    let bestY = 1;
    for (let x = 0; x < c; x++) {
      for (let y = x + 1; y < c; y++) {
        const v = value[x * c + y] as number;
        const best = value[bestX * c + bestY] as number;
        if (v > best || (v === best && tieKey(batch, candidates, x, y) < tieKey(batch, candidates, bestX, bestY))) {
          bestX = x;
          bestY = y;
        }
      }
    }
    const a = candidates[bestX] as number;
    const b = candidates[bestY] as number;
    batch.add(a, b, 'boundary');
    // Judged as if already: shrink both sds by the information the match will bring, and rescore
    // the pairs that involve either.
    const sa = sd[a] as number;
    const sb = sd[b] as number;
    sd[a] = posteriorSd(sa, information(theta, a, b, sb));
    sd[b] = posteriorSd(sb, information(theta, b, a, sa));
    discount[bestX * c + bestY] = (discount[bestX * c + bestY] as number) + 1;
    for (let z = 0; z < c; z++) {
      for (const w of [bestX, bestY]) {
        if (z !== w) score(Math.min(z, w), Math.max(z, w));
      }
    }
  }
}

function tieKey(batch: Batch, candidates: readonly number[], x: number, y: number): number {
  return (batch.tieBreak[candidates[x] as number] as number) + (batch.tieBreak[candidates[y] as number] as number);
}

function pairValue(theta: Float64Array, sd: Float64Array, cut: number, a: number, b: number): number {
  return sideValue(theta, sd, cut, a, b) + sideValue(theta, sd, cut, b, a);
}

/** f(a_i)·Δa_i for hypothesis i when judged against j. */
function sideValue(theta: Float64Array, sd: Float64Array, cut: number, i: number, j: number): number {
  const s = sd[i] as number;
  const distance = ((theta[i] as number) - cut) / s;
  const after = posteriorSd(s, information(theta, i, j, sd[j] as number));
  const movement = Math.sqrt(Math.max(0, s * s - after * after)) / after;
  // A Student-t density (3 degrees of freedom) rather than a Gaussian one: a fit on few matches
  // can be far off, and a hypothesis 3 sds from the boundary must still get an occasional look.
  const spread = 1 + (distance * distance) / 3;
  return movement / (spread * spread);
}

/** Fisher information about θ_i from one match against j whose strength is itself uncertain. */
function information(theta: Float64Array, i: number, j: number, sdOfJ: number): number {
  const q = sigmoid((theta[i] as number) - (theta[j] as number));
  const fisher = q * (1 - q);
  return fisher / (1 + fisher * sdOfJ * sdOfJ);
}

function posteriorSd(sd: number, information: number): number {
  return 1 / Math.sqrt(1 / (sd * sd) + information);
}

/** The hypotheses nearest the boundary in sds (where a match can change membership). */
function boundaryCandidates(theta: Float64Array, sd: Float64Array, cut: number): number[] {
  const all = Array.from({ length: theta.length }, (_, i) => i);
  if (all.length <= MAX_CANDIDATES) return all;
  const distance = (i: number): number => Math.abs((theta[i] as number) - cut) / (sd[i] as number);
  return all.sort((a, b) => distance(a) - distance(b) || a - b).slice(0, MAX_CANDIDATES);
}
