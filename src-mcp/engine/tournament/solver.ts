// Maximum a-posteriori Bradley-Terry with a first-slot bias per judge kind:
//   P(first wins) = σ(θ_first − θ_second + β_judge),
// minimising  Σ_rows [ total·softplus(d) − firstWins·d ]  +  ½ Σ_params precision·(x − mean)².
// The Gaussian prior keeps undefeated and disconnected hypotheses finite and makes the problem
// strictly convex, so Newton's method converges from anywhere.
//
// Why Newton with preconditioned conjugate gradients: each Hessian-vector product costs
// O(distinct pairs), so one code path serves 100 hypotheses refitted 200 times in a bootstrap and
// 10,000 hypotheses with 100,000 matches (a dense Newton step would be O(n³) and O(n²) memory).
// Everything is sequential floating point in a fixed order: the same input gives the same bits.
import type { PairTable } from './matchLog.js';
import { JUDGE_KINDS } from './types.js';

export interface Prior {
  /** 1 / sd² per parameter: n strengths, then one bias per judge kind. */
  readonly precision: Float64Array;
  /** Prior mean per parameter: zeros for the point fit, random draws in a bootstrap replicate. */
  readonly mean: Float64Array;
}

export interface SolveOptions {
  /** Stop when every gradient component is below this (in units of weighted matches). */
  readonly tolerance?: number;
  readonly maxIterations?: number;
}

export interface SolveResult {
  readonly x: Float64Array;
  readonly iterations: number;
  readonly converged: boolean;
}

const DEFAULT_TOLERANCE = 1e-8;
const DEFAULT_MAX_ITERATIONS = 100;
/** Sufficient-decrease constant of the backtracking line search. */
const ARMIJO = 1e-4;

/** One solver per (hypothesis count, pair table): its buffers are reused across bootstrap refits. */
export class BradleyTerrySolver {
  private readonly dim: number;
  private readonly grad: Float64Array;
  private readonly hess: Float64Array;
  private readonly diag: Float64Array;
  private readonly step: Float64Array;
  private readonly r: Float64Array;
  private readonly z: Float64Array;
  private readonly p: Float64Array;
  private readonly ap: Float64Array;
  private readonly trial: Float64Array;

  constructor(
    private readonly n: number,
    private readonly pairs: PairTable,
  ) {
    this.dim = n + JUDGE_KINDS.length;
    this.grad = new Float64Array(this.dim);
    this.hess = new Float64Array(pairs.size);
    this.diag = new Float64Array(this.dim);
    this.step = new Float64Array(this.dim);
    this.r = new Float64Array(this.dim);
    this.z = new Float64Array(this.dim);
    this.p = new Float64Array(this.dim);
    this.ap = new Float64Array(this.dim);
    this.trial = new Float64Array(this.dim);
  }

  /** Fits with the given counts (the observed ones, or a bootstrap replicate's). */
  solve(firstWins: Float64Array, total: Float64Array, prior: Prior, start?: Float64Array, options: SolveOptions = {}): SolveResult {
    const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
    const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
    const x = start === undefined ? Float64Array.from(prior.mean) : Float64Array.from(start);
    let objective = this.gradientAndCurvature(x, firstWins, total, prior);
    for (let iteration = 0; ; iteration++) {
      if (maxAbs(this.grad) <= tolerance) return { x, iterations: iteration, converged: true };
      if (iteration >= maxIterations) return { x, iterations: iteration, converged: false };
      this.newtonStep(prior);
      const slope = dot(this.grad, this.step);
      // The Newton decrement (−slope) estimates the remaining gain; below rounding noise we are done.
      if (-slope <= 1e-13 * (1 + Math.abs(objective))) return { x, iterations: iteration, converged: true };
      // The full step, evaluated with the next gradient in one pass: near the optimum it is always taken.
      this.moveTo(x, 1);
      let next = this.gradientAndCurvature(this.trial, firstWins, total, prior);
      if (!(next <= objective + ARMIJO * slope)) {
        // Far from the optimum: backtrack on the objective alone, then take the gradient there.
        let alpha = 1;
        let accepted = false;
        while (!accepted && alpha > 1e-12) {
          alpha /= 2;
          this.moveTo(x, alpha);
          accepted = this.objective(this.trial, firstWins, total, prior) <= objective + ARMIJO * alpha * slope;
        }
        if (!accepted) {
          // No decrease is representable any more: keep x (and the gradient at x) as the answer.
          this.gradientAndCurvature(x, firstWins, total, prior);
          return { x, iterations: iteration, converged: false };
        }
        next = this.gradientAndCurvature(this.trial, firstWins, total, prior);
      }
      x.set(this.trial);
      objective = next;
    }
  }

  /** trial = x + alpha·step. */
  private moveTo(x: Float64Array, alpha: number): void {
    for (let i = 0; i < this.dim; i++) this.trial[i] = (x[i] as number) + alpha * (this.step[i] as number);
  }

  /**
   * step ≈ −H⁻¹·grad by Jacobi-preconditioned CG, solved loosely far from the optimum and tightly
   * near it (Eisenstat-Walker forcing), which keeps Newton's fast final convergence.
   */
  private newtonStep(prior: Prior): void {
    const gradNorm = norm(this.grad);
    this.conjugateGradient(prior, Math.min(0.1, Math.sqrt(gradNorm)) * gradNorm);
  }

  private objective(x: Float64Array, firstWins: Float64Array, total: Float64Array, prior: Prior): number {
    const { first, second, judge, size } = this.pairs;
    const n = this.n;
    let value = 0;
    for (let row = 0; row < size; row++) {
      const t = total[row] as number;
      if (t === 0) continue;
      const d = (x[first[row] as number] as number) - (x[second[row] as number] as number) + (x[n + (judge[row] as number)] as number);
      value += t * softplus(d) - (firstWins[row] as number) * d;
    }
    for (let i = 0; i < this.dim; i++) {
      const offset = (x[i] as number) - (prior.mean[i] as number);
      value += 0.5 * (prior.precision[i] as number) * offset * offset;
    }
    return value;
  }

  /** Fills the gradient, the per-row curvature and the Jacobi preconditioner; returns the objective. */
  private gradientAndCurvature(x: Float64Array, firstWins: Float64Array, total: Float64Array, prior: Prior): number {
    const { first, second, judge, size } = this.pairs;
    const n = this.n;
    const grad = this.grad;
    const diag = this.diag;
    let value = 0;
    for (let i = 0; i < this.dim; i++) {
      const precision = prior.precision[i] as number;
      const offset = (x[i] as number) - (prior.mean[i] as number);
      grad[i] = precision * offset;
      diag[i] = precision;
      value += 0.5 * precision * offset * offset;
    }
    for (let row = 0; row < size; row++) {
      const t = total[row] as number;
      if (t === 0) {
        this.hess[row] = 0;
        continue;
      }
      const f = first[row] as number;
      const s = second[row] as number;
      const b = n + (judge[row] as number);
      const d = (x[f] as number) - (x[s] as number) + (x[b] as number);
      // One exponential serves both σ(d) and softplus(d): this loop is the fit's hot spot.
      const e = Math.exp(-Math.abs(d));
      const prob = d >= 0 ? 1 / (1 + e) : e / (1 + e);
      const g = t * prob - (firstWins[row] as number);
      const h = t * prob * (1 - prob);
      value += t * (Math.max(d, 0) + Math.log1p(e)) - (firstWins[row] as number) * d;
      this.hess[row] = h;
      grad[f] = (grad[f] as number) + g;
      grad[s] = (grad[s] as number) - g;
      grad[b] = (grad[b] as number) + g;
      diag[f] = (diag[f] as number) + h;
      diag[s] = (diag[s] as number) + h;
      diag[b] = (diag[b] as number) + h;
    }
    return value;
  }

  /** out = H·v, with H the Hessian at the point of the last gradientAndCurvature call. */
  private hessianTimes(v: Float64Array, out: Float64Array, prior: Prior): void {
    const { first, second, judge, size } = this.pairs;
    const n = this.n;
    for (let i = 0; i < this.dim; i++) out[i] = (prior.precision[i] as number) * (v[i] as number);
    for (let row = 0; row < size; row++) {
      const h = this.hess[row] as number;
      if (h === 0) continue;
      const f = first[row] as number;
      const s = second[row] as number;
      const b = n + (judge[row] as number);
      const hu = h * ((v[f] as number) - (v[s] as number) + (v[b] as number));
      out[f] = (out[f] as number) + hu;
      out[s] = (out[s] as number) - hu;
      out[b] = (out[b] as number) + hu;
    }
  }

  /** z = M⁻¹·r with M the diagonal of H (Jacobi): cheap, and enough for these well-scaled problems. */
  private precondition(r: Float64Array, z: Float64Array): void {
    for (let i = 0; i < this.dim; i++) z[i] = (r[i] as number) / (this.diag[i] as number);
  }

  /** Preconditioned CG for H·step = −grad, to a residual of `target`. */
  private conjugateGradient(prior: Prior, target: number): void {
    const { step, r, z, p, ap, grad } = this;
    step.fill(0);
    for (let i = 0; i < this.dim; i++) r[i] = -(grad[i] as number);
    this.precondition(r, z);
    p.set(z);
    let rz = dot(r, z);
    const maxSteps = Math.min(this.dim, 500);
    for (let k = 0; k < maxSteps; k++) {
      this.hessianTimes(p, ap, prior);
      const curvature = dot(p, ap);
      if (!(curvature > 0)) break;
      const a = rz / curvature;
      for (let i = 0; i < this.dim; i++) {
        step[i] = (step[i] as number) + a * (p[i] as number);
        r[i] = (r[i] as number) - a * (ap[i] as number);
      }
      if (norm(r) <= target) break;
      this.precondition(r, z);
      const rzNext = dot(r, z);
      const ratio = rzNext / rz;
      rz = rzNext;
      for (let i = 0; i < this.dim; i++) p[i] = (z[i] as number) + ratio * (p[i] as number);
    }
  }
}

export function sigmoid(d: number): number {
  if (d >= 0) return 1 / (1 + Math.exp(-d));
  const e = Math.exp(d);
  return e / (1 + e);
}

/** log(1 + e^d) without overflow. */
function softplus(d: number): number {
  return Math.max(d, 0) + Math.log1p(Math.exp(-Math.abs(d)));
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

function norm(a: Float64Array): number {
  return Math.sqrt(dot(a, a));
}

function maxAbs(a: Float64Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] as number));
  return max;
}
