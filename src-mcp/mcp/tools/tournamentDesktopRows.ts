// Output shapes of the desktop's tournament tools and the mappers that fill them. Numbers are
// rounded to what a screen shows, which keeps a 10,000-row leaderboard page compact.
import { z } from 'zod';
import type { ComparedHypothesis } from '../../engine/arena.js';
import type { LeaderboardViewRow } from '../../engine/leaderboardView.js';
import { HYPOTHESIS_ORIGINS, HYPOTHESIS_STATUSES } from '../../engine/schemas.js';
import type { Hypothesis } from '../../engine/types.js';
import type { MatchListing } from '../../store/leaderboardQueries.js';

const round1 = (value: number): number => Math.round(value * 10) / 10;
const Ci95 = z.tuple([z.number(), z.number()]);

export const LeaderboardRowSchema = z.object({
  id: z.string(),
  number: z.number().int().describe('H1, H2, … within the project'),
  summary: z.string(),
  status: z.enum(HYPOTHESIS_STATUSES),
  origin: z.enum(HYPOTHESIS_ORIGINS),
  method: z.string(),
  iteration: z.number().int(),
  parents: z.array(z.string()),
  in_tournament: z.boolean().describe('Reviewed, approved and not safety-flagged: it competes.'),
  rank: z.number().int().nullable(),
  previous_rank: z.number().int().nullable().describe('Rank before the latest judging round; null for a newcomer.'),
  movement: z.number().int().nullable().describe('Places moved in the latest round among hypotheses that had played before it: positive moved up; null for newcomers.'),
  elo_score: z.number(),
  bt_score: z.number().nullable(),
  ci95: Ci95.nullable(),
  p_top_k: z.number().nullable(),
  matches_played: z.number().int(),
  wins: z.number().int(),
  certified_top_k: z.boolean(),
});

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
    ci95: ranked && line.ciLow !== null && line.ciHigh !== null ? [Math.round(line.ciLow), Math.round(line.ciHigh)] : null,
    p_top_k: ranked && line.pTopK !== null ? Math.round(line.pTopK * 1000) / 1000 : null,
    matches_played: line.matchesPlayed,
    wins: line.wins,
    certified_top_k: row.certified,
  };
}

export const ArenaCardSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  summary: z.string(),
  rationale: z.string(),
  experimental_protocol: z.string(),
  testable_predictions: z.array(z.string()),
  elo_score: z.number(),
  rank: z.number().int().nullable(),
});

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

export const MatchSchema = z.object({
  id: z.string(),
  number: z.number().int().describe('Position in the project\'s match log, from 1.'),
  first_id: z.string(),
  second_id: z.string(),
  winner_id: z.string(),
  judge: z.enum(['model', 'human']),
  confidence: z.number().nullable(),
  rationale: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});

export function matchEntry(m: MatchListing): z.input<typeof MatchSchema> {
  return {
    id: m.id,
    number: m.seq,
    first_id: m.firstId,
    second_id: m.secondId,
    winner_id: m.winnerId,
    judge: m.judge,
    confidence: m.confidence,
    rationale: m.rationale,
    created_by: m.createdBy,
    created_at: m.createdAt,
  };
}

const ReviewSummarySchema = z.object({
  type: z.string(),
  scores: z.object({ plausibility: z.number(), novelty: z.number(), testability: z.number(), safety: z.number(), overall: z.number() }),
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
  recommendations: z.array(z.string()),
  reviewer: z.string(),
  judge: z.enum(['model', 'human']),
  created_at: z.string(),
});

export const ComparedSchema = ArenaCardSchema.extend({
  assumptions: z.array(z.string()),
  citations: z.array(z.object({ title: z.string(), authors: z.string().nullable(), year: z.number().int().nullable(), doi: z.string().nullable(), verified: z.boolean() })),
  status: z.enum(HYPOTHESIS_STATUSES),
  origin: z.enum(HYPOTHESIS_ORIGINS),
  method: z.string(),
  parents: z.array(z.string()),
  iteration: z.number().int(),
  bt_score: z.number().nullable(),
  ci95: Ci95.nullable(),
  p_top_k: z.number().nullable(),
  matches_played: z.number().int(),
  wins: z.number().int(),
  safety_flag: z.string().nullable(),
  near_duplicate_of: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  latest_review: ReviewSummarySchema.nullable(),
  review_count: z.number().int(),
});

export function comparedEntry(side: ComparedHypothesis): z.input<typeof ComparedSchema> {
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
    ci95: h.ci95 === null ? null : [Math.round(h.ci95[0]), Math.round(h.ci95[1])],
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
