// Elo over time, for the desktop's chart: the display Elo replayed over the match log in order,
// with the leaderboard's own replay (tournament/elo.ts replayElo), recording each tracked hypothesis's
// rating after every match it played. Long histories are thinned to a fixed number of points so
// the answer stays small whatever the log length.
import type { Db } from '../../store/database.js';
import { leaderboardLines, matchLogLines } from '../../store/leaderboardQueries.js';
import { DomainError } from '../errors.js';
import { isCompeting } from './leaderboardView.js';
import { loadResearch } from '../projectRecord.js';
import { indexLog } from '../tournament/matchLog.js';
import { replayElo } from '../tournament/elo.js';
import { ELO_INITIAL, type Match } from '../tournament/index.js';

/** [match number in the log, Elo after it]; the first point is the initial rating, just before the first match. */
export type EloPoint = [number, number];

export const MAX_POINTS_PER_SERIES = 200;
/** Series shown when the caller names none: the top of the leaderboard. */
export const DEFAULT_SERIES = 5;

/**
 * Elo trajectories of `track` over the log: the initial rating just before the hypothesis's first
 * match (at 0 if it never played; a hypothesis evolved late did not exist earlier), then one point
 * after each match it played. Matches outside `ids` are skipped, as in the leaderboard's replay.
 */
export function eloTrajectories(ids: readonly string[], matches: readonly Match[], track: readonly string[]): Map<string, EloPoint[]> {
  const log = indexLog(ids, matches);
  const series = new Map<number, EloPoint[]>();
  for (const id of track) {
    const index = log.indexOf.get(id);
    if (index !== undefined) series.set(index, [[0, ELO_INITIAL]]);
  }
  replayElo(log, {}, (j, f, s, ratings) => {
    for (const side of [f, s]) {
      const points = series.get(side);
      if (points === undefined) continue;
      // The start point moves up to just before the first match, where the hypothesis entered.
      if (points.length === 1) points[0] = [j, ELO_INITIAL];
      points.push([j + 1, ratings[side] as number]);
    }
  });
  return new Map([...series].map(([index, points]) => [log.ids[index] as string, points]));
}

/**
 * At most `max` points, evenly spaced over the series, always keeping the first and the last
 * (where the rating started and where it is now).
 */
export function samplePoints<T>(points: readonly T[], max: number): T[] {
  if (max < 2) throw new RangeError(`max must be at least 2 (got ${max}).`);
  if (points.length <= max) return [...points];
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(points[Math.round((i * (points.length - 1)) / (max - 1))] as T);
  return out;
}

export interface EloSeries {
  id: string;
  seq: number;
  summary: string;
  rank: number | null;
  /**
   * The Bradley-Terry score and its bootstrap 95% interval the leaderboard and the final report
   * show (stored with the board by engine/ranking.ts), so the chart states the uncertainty of the
   * rank with the same numbers; null when the hypothesis is not ranked.
   */
  btScore: number | null;
  ci95: [number, number] | null;
  /** Points after thinning; `playedMatches` says how many there were before. */
  points: EloPoint[];
  playedMatches: number;
}

export interface EloHistory {
  researchId: string;
  matchCount: number;
  series: EloSeries[];
}

export async function eloHistory(db: Db, projectId: string, hypothesisIds: readonly string[] | undefined, maxPoints = MAX_POINTS_PER_SERIES): Promise<EloHistory> {
  const project = await loadResearch(db, projectId);
  const all = await leaderboardLines(db, projectId);
  const competing = new Set(all.filter(isCompeting).map((line) => line.id));
  const lines = new Map(all.map((line) => [line.id, line]));
  for (const id of hypothesisIds ?? []) {
    if (!lines.has(id)) {
      throw new DomainError('resource_not_found', `Hypothesis ${id} not found in project ${project.id}. Pass ids from get_leaderboard.`, { resource_type: 'Hypothesis', resource_id: id });
    }
  }
  const track =
    hypothesisIds ??
    [...lines.values()]
      .filter((line) => competing.has(line.id) && line.rank !== null)
      .sort((a, b) => (a.rank as number) - (b.rank as number))
      .slice(0, DEFAULT_SERIES)
      .map((line) => line.id);
  const matches = (await matchLogLines(db, projectId))
    .filter((m) => competing.has(m.firstId) && competing.has(m.secondId))
    .map((m): Match => ({ id: m.id, first: m.firstId, second: m.secondId, winner: m.winnerId, judge: m.judge }));
  const trajectories = eloTrajectories([...competing], matches, track);
  return {
    researchId: project.id,
    matchCount: matches.length,
    series: track.map((id) => {
      const line = lines.get(id);
      // A hypothesis outside the tournament has only its starting rating.
      const points = trajectories.get(id) ?? [[0, ELO_INITIAL]];
      const rank = competing.has(id) ? (line?.rank ?? null) : null;
      const rated = rank !== null && line !== undefined && line.btScore !== null && line.ciLow !== null && line.ciHigh !== null;
      return {
        id,
        seq: line?.seq ?? 0,
        summary: line?.summary ?? '',
        rank,
        btScore: rated ? line.btScore : null,
        ci95: rated ? [line.ciLow as number, line.ciHigh as number] : null,
        points: samplePoints(points, maxPoints),
        playedMatches: points.length - 1,
      };
    }),
  };
}
