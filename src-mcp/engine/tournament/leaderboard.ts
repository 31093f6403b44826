// The leaderboard the scientist sees: Bradley-Terry rank and score with bootstrap intervals,
// P(in top-k), Elo for display, and whether the top-k is certified (architecture.md, *Tournament*).
// A pure function of (ids, match log, options): the same inputs give the same bits.
import { bootstrapReplicates, interval95, topKShares, type BootstrapReplicates } from './bootstrap.js';
import { centred, fitModel, toBtScore } from './bradleyTerry.js';
import { replayElo } from './elo.js';
import { indexLog, playedAndWon } from './matchLog.js';
import { deriveSeed } from './rng.js';
import { sigmoid } from './solver.js';
import { DomainError } from '../errors.js';
import { JUDGE_KINDS, type JudgeKind, type Leaderboard, type LeaderboardEntry, type LeaderboardOptions, type Match, type PositionBias } from './types.js';

/** The seeds' workflow evolves the top 5 hypotheses. */
export const DEFAULT_K = 5;
/** 200 replicates put the 2.5% quantile on 5 observations: stable enough, and fast for n ≤ 100. */
export const DEFAULT_BOOTSTRAP_SAMPLES = 200;
export const DEFAULT_CERTIFY_THRESHOLD = 0.9;

export function leaderboard(ids: readonly string[], matches: readonly Match[], options: LeaderboardOptions = {}): Leaderboard {
  const log = indexLog(ids, matches);
  const n = log.ids.length;
  const settings = resolveOptions(options, n);
  const model = fitModel(log, options);
  const theta = centred(model.fit.x, n);
  const elo = replayElo(log, options.elo);
  const { played, won } = playedAndWon(log);
  const replicates =
    settings.bootstrapSamples > 0 ? bootstrapReplicates(model, settings.bootstrapSamples, deriveSeed(settings.seed, 'bootstrap')) : null;
  const order = rankOrder(theta);
  const shares = replicates === null ? pointShares(order, settings.k) : topKShares(replicates, settings.k);

  const entries: LeaderboardEntry[] = order.map((i, position) => {
    const btScore = toBtScore(theta[i] as number);
    const pTopK = shares[i] as number;
    const inTopK = position < settings.k;
    return {
      id: log.ids[i] as string,
      rank: position + 1,
      elo: elo[i] as number,
      btScore,
      ci95: replicates === null ? [btScore, btScore] : scoreInterval(replicates, i),
      pTopK,
      matches: played[i] as number,
      wins: won[i] as number,
      // Without a bootstrap there is no evidence of certainty, so nothing is certified.
      certifiedTopK: replicates !== null && inTopK && pTopK >= settings.certifyThreshold,
    };
  });
  const positionBias = Object.fromEntries(
    JUDGE_KINDS.map((kind, index) => [kind, biasSummary(model.fit.x[n + index] as number, replicates, index, countJudged(log.judge, index))]),
  ) as Record<JudgeKind, PositionBias>;
  return {
    entries,
    positionBias,
    certified: n > 0 && entries.slice(0, settings.k).every((entry) => entry.certifiedTopK),
    k: settings.k,
    seed: settings.seed,
    bootstrapSamples: settings.bootstrapSamples,
    certifyThreshold: settings.certifyThreshold,
    matchCount: log.first.length,
    ignoredMatches: log.ignored,
  };
}

interface Settings {
  k: number;
  seed: number;
  bootstrapSamples: number;
  certifyThreshold: number;
}

function resolveOptions(options: LeaderboardOptions, n: number): Settings {
  const k = options.k ?? DEFAULT_K;
  const seed = options.seed ?? 0;
  const bootstrapSamples = options.bootstrapSamples ?? DEFAULT_BOOTSTRAP_SAMPLES;
  const certifyThreshold = options.certifyThreshold ?? DEFAULT_CERTIFY_THRESHOLD;
  if (!Number.isInteger(k) || k < 1) invalid(`k must be a whole number of at least 1 (got ${k}).`, 'k');
  if (!Number.isSafeInteger(seed)) invalid(`seed must be a whole number (got ${seed}).`, 'seed');
  if (!Number.isInteger(bootstrapSamples) || bootstrapSamples < 0) {
    invalid(`bootstrapSamples must be a whole number, 0 or more (got ${bootstrapSamples}).`, 'bootstrapSamples');
  }
  if (!(certifyThreshold > 0 && certifyThreshold <= 1)) {
    invalid(`certifyThreshold must be a probability above 0 and at most 1 (got ${certifyThreshold}).`, 'certifyThreshold');
  }
  // With fewer hypotheses than k, the top-k is all of them.
  return { k: Math.min(k, n), seed, bootstrapSamples, certifyThreshold };
}

function invalid(message: string, field: string): never {
  throw new DomainError('invalid_input', message, { field });
}

/** Canonical indices by strength, strongest first; exact ties by id (the canonical index). */
export function rankOrder(theta: Float64Array): number[] {
  return Array.from({ length: theta.length }, (_, i) => i).sort((a, b) => (theta[b] as number) - (theta[a] as number) || a - b);
}

function pointShares(order: readonly number[], k: number): Float64Array {
  const shares = new Float64Array(order.length);
  for (const i of order.slice(0, k)) shares[i] = 1;
  return shares;
}

function scoreInterval(replicates: BootstrapReplicates, i: number): [number, number] {
  const [lo, hi] = interval95(replicates.theta, replicates.n, i, replicates.samples);
  return [toBtScore(lo), toBtScore(hi)];
}

function biasSummary(beta: number, replicates: BootstrapReplicates | null, kind: number, matches: number): PositionBias {
  const ci95: [number, number] =
    replicates === null ? [beta, beta] : interval95(replicates.bias, JUDGE_KINDS.length, kind, replicates.samples);
  return { beta, ci95, firstSlotWinProbability: sigmoid(beta), matches };
}

function countJudged(judge: Uint8Array, kind: number): number {
  let count = 0;
  for (const value of judge) if (value === kind) count++;
  return count;
}
