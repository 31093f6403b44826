// The research engine's side of the tournament: which hypotheses compete, the match log from the
// store, and ratings written back after every judgement (ARCHITECTURE §7).
import type { Db } from '../store/database.js';
import { projectHypotheses, updateRatings, type HypothesisRow } from '../store/hypotheses.js';
import { projectMatches, type MatchRow } from '../store/matches.js';
import { buildProximityIndex } from './proximity.js';
import { leaderboard, nextPairs, type Leaderboard, type Match, type ProposedPair } from './tournament/index.js';
import type { ResearchProject } from './types.js';

/** Statuses that take part in the tournament: reviewed, competing, or already evolved from. */
const COMPETING = new Set(['reviewed', 'in_tournament', 'evolved']);
/** Bootstrap replicates behind intervals and certification: enough for stable P(top-k) at n ≤ 100. */
const BOOTSTRAP_SAMPLES = 200;

export function competitors(db: Db, projectId: string): HypothesisRow[] {
  return projectHypotheses(db, projectId).filter((h) => COMPETING.has(h.status) && h.gate === 'approved' && h.safetyFlag === null);
}

export function toTournamentMatch(row: MatchRow): Match {
  return { id: row.id, first: row.firstId, second: row.secondId, winner: row.winnerId, judge: row.judge };
}

export interface RankingState {
  board: Leaderboard;
  ids: string[];
  matches: Match[];
}

export function rankingState(db: Db, project: ResearchProject): RankingState {
  const ids = competitors(db, project.id).map((h) => h.id);
  const idSet = new Set(ids);
  const matches = projectMatches(db, project.id)
    .map(toTournamentMatch)
    .filter((m) => idSet.has(m.first) && idSet.has(m.second));
  const board = leaderboard(ids, matches, { k: project.settings.topK, seed: project.settings.seed, bootstrapSamples: BOOTSTRAP_SAMPLES });
  return { board, ids, matches };
}

/** Recomputes the leaderboard from the whole match log and stores Elo, BT score, interval and rank. */
export function refreshRatings(db: Db, project: ResearchProject, now: Date): RankingState {
  const state = rankingState(db, project);
  updateRatings(
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
  return state;
}

/** The next pairs to judge: Swiss placement of new hypotheses, then the uncertain top-k boundary. */
export function proposePairs(db: Db, project: ResearchProject, state: RankingState, count: number): ProposedPair[] {
  const texts = new Map(competitors(db, project.id).map((h) => [h.id, `${h.summary} ${h.rationale}`]));
  const proximity = buildProximityIndex(texts);
  return nextPairs(state.ids, state.matches, {
    k: project.settings.topK,
    seed: project.settings.seed,
    count,
    bootstrapSamples: BOOTSTRAP_SAMPLES,
    similarity: (a, b) => proximity.similarity(a, b),
    board: state.board,
  });
}

/** Comparisons a tournament round may use before it stops uncertified: about 5 per hypothesis. */
export function comparisonBudget(competitorCount: number): number {
  return Math.max(3, competitorCount * 5);
}
