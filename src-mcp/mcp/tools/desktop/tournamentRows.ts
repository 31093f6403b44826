// The mappers that fill the desktop's tournament rows (shapes in schemas/tournament.ts) from
// engine and store records. Numbers are rounded to what a screen shows, which keeps a
// 10,000-row leaderboard page compact.
import type { z } from 'zod';
import type { ComparedHypothesis } from '../../../engine/views/arena.js';
import type { LeaderboardViewRow } from '../../../engine/views/leaderboardView.js';
import type { Hypothesis } from '../../../engine/types.js';
import type { MatchListing } from '../../../store/leaderboardQueries.js';
import { matchVerdictFields } from '../../../engine/matchFields.js';
import { roundedInterval } from '../../../../src-shared/schemas/hypotheses.js';
import type { ArenaCardSchema, ComparedHypothesisSchema, LeaderboardColumnsSchema, LeaderboardRowSchema, MatchEntrySchema } from '../../../../src-shared/schemas/tournament.js';

const round1 = (value: number): number => Math.round(value * 10) / 10;

export function leaderboardRow(row: LeaderboardViewRow): z.input<typeof LeaderboardRowSchema> {
  const { line } = row;
  const ranked = row.rank !== null;
  return {
    id: line.id,
    number: line.seq,
    summary: line.summary,
    status: line.status as z.input<typeof LeaderboardRowSchema>['status'],
    origin: line.origin as z.input<typeof LeaderboardRowSchema>['origin'],
    method: line.method,
    iteration: line.iteration,
    parents: line.parents,
    in_tournament: row.competing,
    rank: row.rank,
    previous_rank: row.previousRank,
    movement: row.movement,
    elo_score: round1(line.elo),
    // Ratings of a hypothesis that left the tournament are history, not a current score.
    bt_score: ranked && line.btScore !== null ? round1(line.btScore) : null,
    ci95: ranked && line.ciLow !== null && line.ciHigh !== null ? roundedInterval(line.ciLow, line.ciHigh) : null,
    p_top_k: ranked && line.pTopK !== null ? Math.round(line.pTopK * 1000) / 1000 : null,
    matches_played: line.matchesPlayed,
    wins: line.wins,
    certified_top_k: row.certified,
  };
}

type RowInput = z.input<typeof LeaderboardRowSchema>;
type Columns = z.input<typeof LeaderboardColumnsSchema>;

/**
 * The rows by column (format="columns"): one array per field, in the rows' order and the schema's
 * field order. One pass with a named property per field: nineteen `rows.map((row) => row[field])`
 * with the field as a variable took 3× as long for 1,000 rows (0.51 vs 0.17 ms, load 5): a keyed
 * load whose key varies is V8's slow path (issue 17). Each column is made at its final length and
 * filled by index: pushed, the nineteen arrays grew by copying as they filled, 579 KB allocated
 * for 1,000 rows where 150 KB hold them, and 0.24 ms where filling takes 0.06 ms (in one process,
 * load 4-5). Every index is written, so no column has a hole.
 */
export function leaderboardColumns(rows: readonly RowInput[]): Columns {
  const count = rows.length;
  const column = <T>(): T[] => new Array<T>(count);
  const columns: { [F in keyof RowInput]-?: Array<RowInput[F]> } = {
    id: column(), number: column(), summary: column(), status: column(), origin: column(), method: column(), iteration: column(), parents: column(),
    in_tournament: column(), rank: column(), previous_rank: column(), movement: column(), elo_score: column(), bt_score: column(), ci95: column(),
    p_top_k: column(), matches_played: column(), wins: column(), certified_top_k: column(),
  };
  for (let index = 0; index < count; index += 1) {
    const row = rows[index] as RowInput;
    columns.id[index] = row.id;
    columns.number[index] = row.number;
    columns.summary[index] = row.summary;
    columns.status[index] = row.status;
    columns.origin[index] = row.origin;
    columns.method[index] = row.method;
    columns.iteration[index] = row.iteration;
    columns.parents[index] = row.parents;
    columns.in_tournament[index] = row.in_tournament;
    columns.rank[index] = row.rank;
    columns.previous_rank[index] = row.previous_rank;
    columns.movement[index] = row.movement;
    columns.elo_score[index] = row.elo_score;
    columns.bt_score[index] = row.bt_score;
    columns.ci95[index] = row.ci95;
    columns.p_top_k[index] = row.p_top_k;
    columns.matches_played[index] = row.matches_played;
    columns.wins[index] = row.wins;
    columns.certified_top_k[index] = row.certified_top_k;
  }
  return columns;
}

export function arenaCard(h: Hypothesis): z.input<typeof ArenaCardSchema> {
  return {
    id: h.id,
    number: h.seq,
    summary: h.summary,
    rationale: h.rationale,
    experimental_protocol: h.experimentalProtocol,
    testable_predictions: h.testablePredictions,
    elo_score: round1(h.elo),
    rank: h.rank,
  };
}

export function matchEntry(m: MatchListing): z.input<typeof MatchEntrySchema> {
  return {
    id: m.id,
    number: m.seq,
    ...matchVerdictFields(m),
    created_by: m.createdBy,
    created_at: m.createdAt,
  };
}

export function comparedEntry(side: ComparedHypothesis): z.input<typeof ComparedHypothesisSchema> {
  const h = side.hypothesis;
  const review = side.latestReview;
  return {
    ...arenaCard(h),
    assumptions: h.assumptions,
    citations: h.citations.map((c) => ({ title: c.title, authors: c.authors ?? null, year: c.year ?? null, doi: c.doi ?? null, verified: c.verified })),
    status: h.status,
    origin: h.origin,
    method: h.method,
    parents: h.parents,
    iteration: h.iteration,
    bt_score: h.btScore === null ? null : round1(h.btScore),
    ci95: h.ci95 === null ? null : roundedInterval(...h.ci95),
    p_top_k: h.pTopK === null ? null : Math.round(h.pTopK * 1000) / 1000,
    matches_played: h.matchesPlayed,
    wins: h.wins,
    safety_flag: h.safetyFlag,
    near_duplicate_of: h.nearDuplicateOf,
    created_by: h.createdBy,
    created_at: h.createdAt,
    latest_review:
      review === null
        ? null
        : {
            type: review.type,
            scores: { plausibility: review.plausibility, novelty: review.novelty, testability: review.testability, safety: review.safety, overall: review.overall },
            strengths: review.strengths,
            weaknesses: review.weaknesses,
            recommendations: review.recommendations,
            reviewer: review.reviewer,
            judge: review.judge,
            created_at: review.createdAt,
          },
    review_count: side.reviewCount,
  };
}
