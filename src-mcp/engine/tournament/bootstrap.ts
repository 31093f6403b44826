// Uncertainty of the ranking by bootstrap: resample the match log with replacement, refit, and
// look at the spread of strengths and of top-k membership across replicates.
//
// Each replicate also redraws the prior mean of every parameter from the prior itself (a
// "randomised prior", as in randomised-prior bootstrap ensembles). Why: a plain bootstrap gives
// a hypothesis with no or few matches no spread at all (resampling nothing yields nothing), so a
// brand-new hypothesis would look certainly outside the top-k and the top-k would be "certified"
// before it ever played. With the prior redrawn, a replicate's spread approaches the Laplace
// posterior 1/(information + prior precision): the prior's width for an unplayed hypothesis,
// the data's for a well-played one.
import { centred, type FittedModel } from './bradleyTerry.js';
import { createRng } from './rng.js';
import { JUDGE_KINDS } from './types.js';

export interface BootstrapReplicates {
  readonly samples: number;
  readonly n: number;
  /** Centred strengths, replicate-major: theta[r·n + i]. */
  readonly theta: Float64Array;
  /** Position bias per replicate and judge kind: bias[r·kinds + kind]. */
  readonly bias: Float64Array;
}

/** Replicates are looser than the point fit (θ off by < 0.1 Elo points): their spread is what counts. */
const REPLICATE_TOLERANCE = 1e-4;

export function bootstrapReplicates(model: FittedModel, samples: number, seed: number): BootstrapReplicates {
  const n = model.log.ids.length;
  const kinds = JUDGE_KINDS.length;
  const theta = new Float64Array(samples * n);
  const bias = new Float64Array(samples * kinds);
  const rng = createRng(seed);
  const m = model.log.first.length;
  const { rowOfMatch } = model.pairs;
  const { firstWon, weight } = model.log;
  const firstWins = new Float64Array(model.pairs.size);
  const total = new Float64Array(model.pairs.size);
  const priorSd = model.prior.precision.map((precision) => 1 / Math.sqrt(precision));
  const mean = new Float64Array(n + kinds);
  const prior = { precision: model.prior.precision, mean };

  for (let r = 0; r < samples; r++) {
    firstWins.fill(0);
    total.fill(0);
    for (let j = 0; j < m; j++) {
      const pick = rng.int(m);
      const row = rowOfMatch[pick] as number;
      const w = weight[pick] as number;
      total[row] = (total[row] as number) + w;
      if (firstWon[pick] === 1) firstWins[row] = (firstWins[row] as number) + w;
    }
    for (let i = 0; i < mean.length; i++) mean[i] = rng.normal() * (priorSd[i] as number);
    // Warm start from the point fit: a replicate is a small perturbation of it, so Newton needs few steps.
    const { x } = model.solver.solve(firstWins, total, prior, model.fit.x, { tolerance: REPLICATE_TOLERANCE });
    theta.set(centred(x, n), r * n);
    for (let kind = 0; kind < kinds; kind++) bias[r * kinds + kind] = x[n + kind] as number;
  }
  return { samples, n, theta, bias };
}

/**
 * Share of replicates in which each hypothesis is in the top-k. Exact ties at the boundary share
 * the remaining places equally: otherwise a tie-break by id would make unplayed hypotheses look
 * certain, and the share would depend on how ids happen to sort.
 */
export function topKShares(replicates: BootstrapReplicates, k: number): Float64Array {
  const { n, samples, theta } = replicates;
  const shares = new Float64Array(n);
  if (samples === 0 || n === 0) return shares;
  const order = Array.from({ length: n }, (_, i) => i);
  for (let r = 0; r < samples; r++) {
    const base = r * n;
    const value = (i: number): number => theta[base + i] as number;
    order.sort((a, b) => value(b) - value(a) || a - b);
    let start = 0;
    while (start < k) {
      // [start, end) is a group of exactly equal strengths.
      let end = start + 1;
      while (end < n && value(order[end] as number) === value(order[start] as number)) end++;
      const credit = Math.min(end, k) - start;
      const each = credit / (end - start);
      for (let i = start; i < end; i++) shares[order[i] as number] = (shares[order[i] as number] as number) + each;
      start = end;
    }
  }
  for (let i = 0; i < n; i++) shares[i] = (shares[i] as number) / samples;
  return shares;
}

/** Linear-interpolation quantile (type 7) of an ascending array: a fixed, portable definition. */
export function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  const fraction = position - below;
  return (sorted[below] as number) + fraction * ((sorted[above] as number) - (sorted[below] as number));
}

/** The 2.5% and 97.5% quantiles of column `column` of a replicate-major matrix. */
export function interval95(matrix: Float64Array, columns: number, column: number, samples: number): [number, number] {
  const values = new Float64Array(samples);
  for (let r = 0; r < samples; r++) values[r] = matrix[r * columns + column] as number;
  values.sort();
  return [quantile(values, 0.025), quantile(values, 0.975)];
}
