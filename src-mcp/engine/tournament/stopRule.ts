// When to stop comparing (architecture.md, *Workflow, tasks and checkpoints* "ranking certified", issue 17): more judge calls are
// worth spending only while they could still change the top-k. Certification (every member in the
// top-k in ≥ 90% of bootstrap replicates) is the strict form; with an 87% judge it takes ~10n calls
// at n = 20 and is rarely reached by 5n at n ≥ 50, so every project used to spend its whole
// comparison budget. The rule here also stops when the top-k is *settled*:
//
//   expected change = Σ over the current top-k of (1 − P(in top-k))
//
// the number of current members the bootstrap expects to be replaced, is at most the scientist's
// threshold, and the top-k set is the same as the fit of the log without its last `lookback`
// matches gave (the recent judgements did not move it). The simulator (bench/tournament*.ts) is
// where the default threshold comes from: see docs/benchmarks.md for recall and calls saved.
import { fitBradleyTerry } from './bradleyTerry.js';
import { compareCodeUnits } from '../../../src-shared/codeUnitOrder.js';
import type { Leaderboard, Match } from './types.js';

/** Expected top-k members still to change at which comparisons stop (the scientist may set another). */
export const DEFAULT_STOP_THRESHOLD = 1;

export interface StopRule {
  /** Stop when the expected change of the top-k is at most this many hypotheses (0 = only when certified). */
  readonly threshold?: number;
  /** Matches the top-k must have held through; default 0.4 per competitor (four batches of n/10). */
  readonly lookback?: number;
}

export type StopReason = 'certified' | 'settled';

export interface StopDecision {
  readonly stop: boolean;
  /** Why it stops; null while comparisons could still change the top-k. */
  readonly reason: StopReason | null;
  /** Σ(1 − P(in top-k)) over the current top-k; null without bootstrap replicates (no evidence). */
  readonly expectedChange: number | null;
  /** Whether the top-k set equals the one `lookback` matches ago. */
  readonly stable: boolean;
  readonly threshold: number;
}

export function defaultLookback(competitors: number): number {
  return Math.max(4, Math.round(0.4 * competitors));
}

/**
 * Decides whether the tournament behind `board` should stop. `ids` and `matches` are what the
 * board was computed from (the competitors and their log); the look-back refit is a point fit
 * only, cheap next to the board's bootstrap.
 */
export function rankingStop(ids: readonly string[], matches: readonly Match[], board: Leaderboard, rule: StopRule = {}): StopDecision {
  const threshold = rule.threshold ?? DEFAULT_STOP_THRESHOLD;
  if (board.certified) return { stop: true, reason: 'certified', expectedChange: expectedChange(board), stable: true, threshold };
  const change = board.bootstrapSamples > 0 ? expectedChange(board) : null;
  if (change === null || change > threshold || threshold <= 0) return { stop: false, reason: null, expectedChange: change, stable: false, threshold };
  const lookback = rule.lookback ?? defaultLookback(ids.length);
  const stable = matches.length > lookback && sameSet(topIds(board), previousTop(ids, matches.slice(0, matches.length - lookback), board.k));
  return { stop: stable, reason: stable ? 'settled' : null, expectedChange: change, stable, threshold };
}

/** Expected number of current top-k members that the evidence does not yet hold in place. */
export function expectedChange(board: Leaderboard): number {
  return board.entries.slice(0, board.k).reduce((sum, entry) => sum + (1 - entry.pTopK), 0);
}

function topIds(board: Leaderboard): string[] {
  return board.entries.slice(0, board.k).map((entry) => entry.id);
}

/** The top-k of the point fit on an earlier log: the same order rule as the leaderboard (strength, then id). */
function previousTop(ids: readonly string[], matches: readonly Match[], k: number): string[] {
  const theta = fitBradleyTerry(ids, matches).theta;
  return [...ids].sort((a, b) => (theta.get(b) as number) - (theta.get(a) as number) || compareCodeUnits(a, b)).slice(0, k);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return a.length === b.length && b.every((id) => set.has(id));
}
