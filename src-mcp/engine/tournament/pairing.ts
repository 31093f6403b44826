// Active pairing (architecture.md, *Tournament*): which comparisons to put to the judge next. Swiss rounds
// place hypotheses that have played little; the rest of the batch goes to the uncertain boundary
// of the top-k. Slot order is a seeded coin flip per pair, so the judge's position bias averages
// out and the fit can estimate it.
import { Batch } from './batch.js';
import { boundaryPairs, type BoundaryView } from './boundary.js';
import { BT_SCORE_CENTRE, ELO_POINTS_PER_LOGIT } from './bradleyTerry.js';
import { leaderboard } from './leaderboard.js';
import { indexLog, playedAndWon, type IndexedLog } from './matchLog.js';
import { createRng, deriveSeed } from './rng.js';
import { swissPairs } from './swiss.js';
import { DomainError } from '../errors.js';
import type { Leaderboard, Match, PairingOptions, ProposedPair } from './types.js';

/** Two Swiss rounds place a hypothesis well enough for the bootstrap to judge its chances. */
export const DEFAULT_SWISS_ROUNDS = 2;

/**
 * Proposes `count` pairs (default 1), or none with fewer than two hypotheses. The same log,
 * options and seed give the same pairs; a longer log gives a fresh draw (the seed is mixed with
 * the log length), so successive batches do not repeat one random pattern.
 */
export function nextPairs(ids: readonly string[], matches: readonly Match[], options: PairingOptions = {}): ProposedPair[] {
  const count = options.count ?? 1;
  const rounds = options.swissRounds ?? DEFAULT_SWISS_ROUNDS;
  if (!Number.isInteger(count) || count < 0) invalid(`count must be a whole number, 0 or more (got ${count}).`, 'count');
  if (!Number.isInteger(rounds) || rounds < 0) invalid(`swissRounds must be a whole number, 0 or more (got ${rounds}).`, 'swissRounds');
  const log = indexLog(ids, matches);
  const n = log.ids.length;
  if (n < 2 || count === 0) return [];

  const rng = createRng(deriveSeed(options.seed ?? 0, 'pairs', log.first.length));
  // Strengths always come from a leaderboard (without bootstrap if none was given), so that passing
  // a precomputed board changes the cost of this call, never its answer.
  const theta = thetaFromBoard(options.board ?? leaderboard(ids, matches, { ...options, bootstrapSamples: 0 }), log);
  const batch = new Batch(n, theta, playedAndWon(log).played, log, rng);
  const { similarity } = options;
  const proximity =
    similarity === undefined ? undefined : (a: number, b: number) => clamp01(similarity(log.ids[a] as string, log.ids[b] as string));

  swissPairs(batch, rounds, count, proximity);
  if (batch.pairs.length < count) {
    // The bootstrap is the expensive part: only computed when the boundary phase needs it.
    const board = options.board ?? leaderboard(ids, matches, options);
    boundaryPairs(batch, boundaryView(board, log), board.k, count);
  }
  return batch.pairs.map(({ a, b, reason }) => {
    const [first, second] = rng.coin() ? [a, b] : [b, a];
    return { first: log.ids[first] as string, second: log.ids[second] as string, reason };
  });
}

function thetaFromBoard(board: Leaderboard, log: IndexedLog): Float64Array {
  const theta = new Float64Array(log.ids.length);
  const seen = new Uint8Array(log.ids.length);
  for (const entry of board.entries) {
    const i = log.indexOf.get(entry.id);
    if (i === undefined) continue;
    theta[i] = (entry.btScore - BT_SCORE_CENTRE) / ELO_POINTS_PER_LOGIT;
    seen[i] = 1;
  }
  const missing = log.ids.find((_, i) => seen[i] === 0);
  if (missing !== undefined) {
    invalid(`The leaderboard passed to nextPairs has no entry for ${missing}; compute it for the same hypotheses and log.`, 'board');
  }
  return theta;
}

function boundaryView(board: Leaderboard, log: IndexedLog): BoundaryView {
  const n = log.ids.length;
  const view = { sd: new Float64Array(n), rank: new Int32Array(n) };
  for (const entry of board.entries) {
    const i = log.indexOf.get(entry.id);
    if (i === undefined) continue;
    // The 95% interval spans about ±1.96 sd; in logits.
    view.sd[i] = (entry.ci95[1] - entry.ci95[0]) / (2 * 1.96 * ELO_POINTS_PER_LOGIT);
    view.rank[i] = entry.rank - 1;
  }
  return view;
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

function invalid(message: string, field: string): never {
  throw new DomainError('invalid_input', message, { field });
}
