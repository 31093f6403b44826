// The research engine's side of the tournament: which hypotheses compete, the match log from the
// store, and ratings written back after every judgement (architecture.md, *Tournament*).
import type { Db } from '../store/database.js';
import { findHypothesis, projectHypotheses, updateRatings, type HypothesisRow } from '../store/hypotheses.js';
import { projectMatches, type MatchRow } from '../store/matches.js';
import { COMPETING_STATUSES } from '../store/competitors.js';
import { updateRankMovements } from '../store/boardQueries.js';
import { boardRound, rankMovementsAfterRefresh } from './views/leaderboardView.js';
import { buildProximityIndex } from './proximity.js';
import { leaderboard, nextPairs, rankingStop, type Leaderboard, type Match, type ProposedPair, type StopDecision } from './tournament/index.js';
import type { ResearchProject } from './types.js';

const COMPETING = new Set<string>(COMPETING_STATUSES);
/**
 * Bootstrap replicates behind intervals and certification: 200 give a stable P(top-k) for the
 * ≤ 100-hypothesis projects the workflow makes. Each replicate is a full refit, so very large
 * imported projects get fewer (and, past 2,000 hypotheses, point estimates only).
 */
export function bootstrapSamplesFor(hypotheses: number): number {
  if (hypotheses <= 150) return 200;
  if (hypotheses <= 2000) return 50;
  return 0;
}

/**
 * Leaderboards are pure functions of (ids, match log, k, seed), and the log only grows, so the last
 * few are kept per process: asking "what next?" repeatedly in the rank stage costs no refit.
 */
const CACHE_SIZE = 8;
const cache = new Map<string, Leaderboard>();

function cacheKey(projectId: string, ids: readonly string[], matches: readonly Match[], k: number, seed: number): string {
  const last = matches[matches.length - 1]?.id ?? '';
  let idHash = 0;
  for (const id of ids) for (let i = 0; i < id.length; i += 1) idHash = (idHash * 31 + id.charCodeAt(i)) | 0;
  return `${projectId}|${ids.length}|${idHash}|${matches.length}|${last}|${k}|${seed}`;
}

function cachedLeaderboard(projectId: string, ids: string[], matches: Match[], k: number, seed: number): { board: Leaderboard; key: string } {
  const key = cacheKey(projectId, ids, matches, k, seed);
  const hit = cache.get(key);
  if (hit !== undefined) return { board: hit, key };
  const board = leaderboard(ids, matches, { k, seed, bootstrapSamples: bootstrapSamplesFor(ids.length) });
  cache.set(key, board);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return { board, key };
}

/** Whether a hypothesis takes part in its project's tournament (the SQL twin is competitorsExceed). */
export function isCompetitor(h: Pick<HypothesisRow, 'status' | 'gate' | 'safetyFlag'>): boolean {
  return COMPETING.has(h.status) && h.gate === 'approved' && h.safetyFlag === null;
}

export async function competitors(db: Db, projectId: string): Promise<HypothesisRow[]> {
  return (await projectHypotheses(db, projectId)).filter(isCompetitor);
}

export function toTournamentMatch(row: MatchRow): Match {
  return { id: row.id, first: row.firstId, second: row.secondId, winner: row.winnerId, judge: row.judge };
}

export interface RankingState {
  board: Leaderboard;
  ids: string[];
  matches: Match[];
  /** Identifies this exact leaderboard (population, log, k, seed). */
  key: string;
}

export async function rankingState(db: Db, project: ResearchProject): Promise<RankingState> {
  const ids = (await competitors(db, project.id)).map((h) => h.id);
  const idSet = new Set(ids);
  const matches = (await projectMatches(db, project.id))
    .map(toTournamentMatch)
    .filter((m) => idSet.has(m.first) && idSet.has(m.second));
  const { board, key } = cachedLeaderboard(project.id, ids, matches, project.settings.topK, project.settings.seed);
  return { board, ids, matches, key };
}

/** Recomputes the leaderboard from the whole match log and stores Elo, BT score, interval and rank. */
export async function refreshRatings(db: Db, project: ResearchProject, now: Date): Promise<RankingState> {
  // Always stored, even from a cached leaderboard: the write is cheap, and skipping it could leave
  // stale ratings behind a transaction that rolled back.
  const state = await rankingState(db, project);
  await updateRatings(
    db,
    state.board.entries.map((entry) => ({
      id: entry.id,
      elo: entry.elo,
      btScore: entry.btScore,
      ciLow: entry.ci95[0],
      ciHigh: entry.ci95[1],
      pTopK: entry.pTopK,
      rank: entry.rank,
      matchesPlayed: entry.matches,
      wins: entry.wins,
    })),
    now.toISOString(),
  );
  // The leaderboard's rank movement is stored with the ranks, in this write, so that no page has
  // to refit the log (migration 0010).
  const ranked = state.board.entries.map((entry) => ({ id: entry.id, rank: entry.rank }));
  await updateRankMovements(db, rankMovementsAfterRefresh(ranked, state.matches, (await boardRound(db, project.id)).matches));
  return state;
}

/** The next pairs to judge: Swiss placement of new hypotheses, then the uncertain top-k boundary. */
export async function proposePairs(db: Db, project: ResearchProject, state: RankingState, count: number): Promise<ProposedPair[]> {
  const texts = new Map((await competitors(db, project.id)).map((h) => [h.id, `${h.summary} ${h.rationale}`]));
  const proximity = buildProximityIndex(texts);
  return nextPairs(state.ids, state.matches, {
    k: project.settings.topK,
    seed: project.settings.seed,
    count,
    bootstrapSamples: bootstrapSamplesFor(state.ids.length),
    similarity: (a, b) => proximity.similarity(a, b),
    board: state.board,
  });
}

/**
 * Whether the rank stage should stop comparing: certified, or the top-k settled under the
 * project's stop threshold (engine/tournament/stopRule.ts). The workflow also waits until every
 * competitor has played, and stops at the comparison budget regardless.
 */
export function rankingStopDecision(project: ResearchProject, state: RankingState): StopDecision {
  return rankingStop(state.ids, state.matches, state.board, { threshold: project.settings.rankingStopThreshold });
}

/** Comparisons a tournament round may use before it stops uncertified: about 5 per hypothesis. */
export function comparisonBudget(competitorCount: number): number {
  return Math.max(3, competitorCount * 5);
}

/** Above this many competitors a full refit per judgement would hold the write lock too long. */
export const LARGE_TOURNAMENT = 500;

/**
 * After one new match in a large tournament: update the two hypotheses' Elo, matches and wins in
 * place (Elo is a sequential replay, so this equals replaying the whole log) and leave the
 * Bradley-Terry refit to the next leaderboard read, which is cached per match log.
 */
export async function recordMatchIncrementally(db: Db, match: { firstId: string; secondId: string; winnerId: string }, now: Date, kFactor = 32): Promise<void> {
  const first = await findHypothesis(db, match.firstId);
  const second = await findHypothesis(db, match.secondId);
  if (first === undefined || second === undefined) return;
  const expectedFirst = 1 / (1 + 10 ** ((second.elo - first.elo) / 400));
  const scoreFirst = match.winnerId === first.id ? 1 : 0;
  const delta = kFactor * (scoreFirst - expectedFirst);
  const update = (h: HypothesisRow, eloChange: number, won: boolean) => ({
    id: h.id,
    elo: h.elo + eloChange,
    btScore: h.btScore,
    ciLow: h.ciLow,
    ciHigh: h.ciHigh,
    pTopK: h.pTopK,
    rank: h.rank,
    matchesPlayed: h.matchesPlayed + 1,
    wins: h.wins + (won ? 1 : 0),
  });
  await updateRatings(db, [update(first, delta, scoreFirst === 1), update(second, -delta, scoreFirst === 0)], now.toISOString());
}
