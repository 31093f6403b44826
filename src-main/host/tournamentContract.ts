// The tournament routes of the host ⇄ renderer contract: leaderboard, Elo over time, match log,
// compare and the arena. contract.ts spreads them into its one route table and re-exports the
// types; like the rest of the contract, the renderer imports this for its types only.
import { z } from 'zod';

const ResearchId = z.string().min(1);
const HypothesisId = z.string().min(1);
const Ci95 = z.tuple([z.number(), z.number()]);
const Status = z.enum(['pending', 'reviewed', 'in_tournament', 'evolved', 'rejected']);
const Origin = z.enum(['generated', 'evolved', 'human']);
const Judge = z.enum(['model', 'human']);

export const LeaderboardRowSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  summary: z.string(),
  status: Status,
  origin: Origin,
  method: z.string(),
  iteration: z.number().int(),
  parents: z.array(z.string()),
  in_tournament: z.boolean(),
  rank: z.number().int().nullable(),
  previous_rank: z.number().int().nullable(),
  movement: z.number().int().nullable(),
  elo_score: z.number(),
  bt_score: z.number().nullable(),
  ci95: Ci95.nullable(),
  p_top_k: z.number().nullable(),
  matches_played: z.number().int(),
  wins: z.number().int(),
  certified_top_k: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;

export const LeaderboardPageSchema = z.object({
  research_id: z.string(),
  k: z.number().int(),
  certified: z.boolean(),
  certify_threshold: z.number(),
  matches: z.number().int(),
  total: z.number().int(),
  movement_window: z.object({ matches: z.number().int(), judge: Judge.nullable() }),
  rows: z.array(LeaderboardRowSchema),
  next_cursor: z.string().nullable(),
});
export type LeaderboardPage = z.infer<typeof LeaderboardPageSchema>;

export const EloHistorySchema = z.object({
  research_id: z.string(),
  matches: z.number().int(),
  series: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      summary: z.string(),
      rank: z.number().int().nullable(),
      played_matches: z.number().int(),
      points: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
});
export type EloHistory = z.infer<typeof EloHistorySchema>;

export const MatchEntrySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  first_id: z.string(),
  second_id: z.string(),
  winner_id: z.string(),
  judge: Judge,
  confidence: z.number().nullable(),
  rationale: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type MatchEntry = z.infer<typeof MatchEntrySchema>;

export const MatchPageSchema = z.object({ research_id: z.string(), matches: z.array(MatchEntrySchema), total: z.number().int(), next_cursor: z.string().nullable() });
export type MatchPage = z.infer<typeof MatchPageSchema>;

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
export type ArenaCard = z.infer<typeof ArenaCardSchema>;

export const ArenaPairSchema = z.object({
  research_id: z.string(),
  pair: z.object({ first: ArenaCardSchema, second: ArenaCardSchema, reason: z.enum(['swiss', 'boundary', 'neighbours']) }).nullable(),
  message: z.string(),
});
export type ArenaPair = z.infer<typeof ArenaPairSchema>;

export const ComparedHypothesisSchema = ArenaCardSchema.extend({
  assumptions: z.array(z.string()),
  citations: z.array(z.object({ title: z.string(), authors: z.string().nullable(), year: z.number().int().nullable(), doi: z.string().nullable(), verified: z.boolean() })),
  status: Status,
  origin: Origin,
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
  latest_review: z
    .object({
      type: z.string(),
      scores: z.object({ plausibility: z.number(), novelty: z.number(), testability: z.number(), safety: z.number(), overall: z.number() }),
      strengths: z.array(z.string()),
      weaknesses: z.array(z.string()),
      recommendations: z.array(z.string()),
      reviewer: z.string(),
      judge: Judge,
      created_at: z.string(),
    })
    .nullable(),
  review_count: z.number().int(),
});
export type ComparedHypothesis = z.infer<typeof ComparedHypothesisSchema>;

export const ComparisonSchema = z.object({
  research_id: z.string(),
  hypotheses: z.tuple([ComparedHypothesisSchema, ComparedHypothesisSchema]),
  head_to_head: z.object({ matches: z.number().int(), first_wins: z.number().int(), second_wins: z.number().int(), human_judged: z.number().int() }),
});
export type Comparison = z.infer<typeof ComparisonSchema>;

export const tournamentRoutes = {
  /** One page of the leaderboard; the GUI follows next_cursor to load all rows in chunks. */
  'leaderboard.page': {
    input: z.object({ research_id: ResearchId, cursor: z.string().optional(), limit: z.number().int().min(1).max(1000).optional() }).strict(),
    output: LeaderboardPageSchema,
  },
  'leaderboard.eloHistory': {
    input: z.object({ research_id: ResearchId, hypothesis_ids: z.array(HypothesisId).min(1).max(20).optional() }).strict(),
    output: EloHistorySchema,
  },
  'leaderboard.matches': {
    input: z
      .object({ research_id: ResearchId, hypothesis_id: HypothesisId.optional(), judge: Judge.optional(), cursor: z.string().optional(), limit: z.number().int().min(1).max(500).optional() })
      .strict(),
    output: MatchPageSchema,
  },
  'leaderboard.compare': {
    input: z.object({ research_id: ResearchId, first_id: HypothesisId, second_id: HypothesisId }).strict(),
    output: ComparisonSchema,
  },
  'arena.nextPair': {
    input: z.object({ research_id: ResearchId, skip: z.array(z.tuple([HypothesisId, HypothesisId])).max(50).optional() }).strict(),
    output: ArenaPairSchema,
  },
  /** The scientist's verdict, in the slot order it was shown: recorded as a human match. */
  'arena.vote': {
    input: z.object({ first_id: HypothesisId, second_id: HypothesisId, winner_id: HypothesisId, rationale: z.string().max(4000).optional() }).strict(),
    output: z.object({ research_id: z.string(), winner_id: z.string(), judge: z.literal('human') }),
  },
} as const;
