// The ranking model (architecture.md, *Tournament*): a Bradley-Terry fit over the whole match log, with a
// first-slot bias per judge kind, so that the order a judge saw a pair in does not leak into
// the ranking. Unlike Elo it does not depend on match order and uses every match fully.
import { aggregatePairs, indexLog, type IndexedLog, type PairTable } from './matchLog.js';
import { BradleyTerrySolver, type Prior, type SolveOptions, type SolveResult } from './solver.js';
import { JUDGE_KINDS, type FitOptions, type JudgeKind, type Match } from './types.js';

/** 2 logits: wide enough not to squash real differences, narrow enough to keep a 3-0 record finite. */
export const DEFAULT_PRIOR_SD = 2;
/** LLM position biases are usually well under 1 logit; the data overrule this after a few dozen matches. */
export const DEFAULT_BIAS_PRIOR_SD = 1;
/** Logits to Elo points: a 400-point gap is 10:1 odds, as in Elo. */
export const ELO_POINTS_PER_LOGIT = 400 / Math.LN10;
export const BT_SCORE_CENTRE = 1000;

export interface BradleyTerryFit {
  /** Strength in logits, centred on the mean of the ranked hypotheses. */
  readonly theta: ReadonlyMap<string, number>;
  /** The same strength on an Elo-like scale: 1000 + 400·θ/ln 10. */
  readonly btScore: ReadonlyMap<string, number>;
  /** β per judge kind in logits: P(first wins) = σ(θ_first − θ_second + β). */
  readonly positionBias: Readonly<Record<JudgeKind, number>>;
  readonly iterations: number;
  readonly converged: boolean;
}

/** Fits strengths and position bias to the log; hypotheses without matches sit at the centre. */
export function fitBradleyTerry(ids: readonly string[], matches: readonly Match[], options: FitOptions = {}): BradleyTerryFit {
  const model = fitModel(indexLog(ids, matches), options);
  const theta = centred(model.fit.x, model.log.ids.length);
  return {
    theta: new Map(model.log.ids.map((id, i) => [id, theta[i] as number])),
    btScore: new Map(model.log.ids.map((id, i) => [id, toBtScore(theta[i] as number)])),
    positionBias: biasRecord(model.fit.x, model.log.ids.length),
    iterations: model.fit.iterations,
    converged: model.fit.converged,
  };
}

/** A fitted model with everything a bootstrap needs to refit it cheaply. */
export interface FittedModel {
  readonly log: IndexedLog;
  readonly pairs: PairTable;
  readonly solver: BradleyTerrySolver;
  readonly prior: Prior;
  readonly fit: SolveResult;
}

export function fitModel(log: IndexedLog, options: FitOptions = {}, solveOptions: SolveOptions = {}): FittedModel {
  const pairs = aggregatePairs(log);
  const solver = new BradleyTerrySolver(log.ids.length, pairs);
  const prior = pointPrior(log.ids.length, options);
  return { log, pairs, solver, prior, fit: solver.solve(pairs.firstWins, pairs.total, prior, undefined, solveOptions) };
}

/** The prior of the point fit: every strength and bias centred on 0. */
export function pointPrior(n: number, options: FitOptions): Prior {
  const strength = precisionOf(options.priorSd ?? DEFAULT_PRIOR_SD, 'priorSd');
  const bias = precisionOf(options.biasPriorSd ?? DEFAULT_BIAS_PRIOR_SD, 'biasPriorSd');
  const precision = new Float64Array(n + JUDGE_KINDS.length).fill(strength);
  precision.fill(bias, n);
  return { precision, mean: new Float64Array(n + JUDGE_KINDS.length) };
}

function precisionOf(sd: number, name: string): number {
  if (!Number.isFinite(sd) || sd <= 0) throw new RangeError(`${name} must be a positive number of logits (got ${sd}).`);
  return 1 / (sd * sd);
}

/** The first n parameters minus their mean: the scale is only defined up to a shift. */
export function centred(x: Float64Array, n: number): Float64Array {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += x[i] as number;
  const mean = n === 0 ? 0 : sum / n;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (x[i] as number) - mean;
  return out;
}

export function toBtScore(theta: number): number {
  return BT_SCORE_CENTRE + ELO_POINTS_PER_LOGIT * theta;
}

export function biasRecord(x: Float64Array, n: number): Record<JudgeKind, number> {
  return { model: x[n] as number, human: x[n + 1] as number };
}
