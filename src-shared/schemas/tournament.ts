// Result shapes of the desktop's tournament tools (get_leaderboard, get_elo_history, list_matches,
// compare_hypotheses, next_arena_pair), defined once for the tools and the desktop host's
// contract. Imports zod and its sibling schema modules only: the renderer type-checks it.
import { z } from 'zod';
import { HypothesisOriginSchema, HypothesisStatusSchema, IntervalSchema, JudgeSchema, ScoresSchema } from './hypotheses.js';

export const LeaderboardRowSchema = z.object({
  id: z.string(),
  number: z.number().int().describe('H1, H2, … within the project'),
  summary: z.string(),
  status: HypothesisStatusSchema,
  origin: HypothesisOriginSchema,
  method: z.string(),
  iteration: z.number().int(),
  parents: z.array(z.string()),
  in_tournament: z.boolean().describe('Reviewed, approved and not safety-flagged: it competes.'),
  rank: z.number().int().nullable(),
  previous_rank: z.number().int().nullable().describe('Rank before the latest judging round; null for a newcomer.'),
  movement: z.number().int().nullable().describe('Places moved in the latest round among hypotheses that had played before it: positive moved up; null for newcomers.'),
  elo_score: z.number(),
  bt_score: z.number().nullable(),
  ci95: IntervalSchema.nullable(),
  p_top_k: z.number().nullable(),
  matches_played: z.number().int(),
  wins: z.number().int(),
  certified_top_k: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;

type RowShape = typeof LeaderboardRowSchema.shape;

/**
 * The same rows by column (`format: "columns"`): one array per field, all of one length, the i-th
 * entries making the i-th row. The app loads whole boards this way: without a key per value a
 * 1,000-row page is about half the JSON, and serialising, parsing and validating it cost about
 * half as much in each of the three processes it crosses (server, host, renderer).
 */
export const LeaderboardColumnsSchema = z.object(
  Object.fromEntries(Object.entries(LeaderboardRowSchema.shape).map(([field, schema]) => [field, z.array(schema)])) as { [F in keyof RowShape]: z.ZodArray<RowShape[F]> },
);
export type LeaderboardColumns = z.infer<typeof LeaderboardColumnsSchema>;

export const LeaderboardFormatSchema = z.enum(['rows', 'columns']);

/**
 * The most rows one get_leaderboard page holds, and the size of the pages the app reads a whole
 * board in after its first screen. Every page is a round trip through the host (HTTP in the web
 * app, IPC in Electron) and the renderer's request machinery, and on 2 cores that per-page cost
 * competes with the pages' own work. Pages of 2,000 or 2,500 rows brought a 10,000-row board in
 * 0.80–1.03× (median 0.89) the time of pages of 1,000, and its first screen 1.04–1.19× (median
 * 1.12) later, since the server reads the first two large pages ahead while the renderer draws it
 * (5 paired runs of 12–24 loads, 2026-11-27 09:41–09:49, docs/benchmarks-history.md): the board
 * is what the scientist waits for, the first screen stays far under its target.
 */
export const MAX_LEADERBOARD_PAGE_ROWS = 2000;

export const LeaderboardPageSchema = z.object({
  research_id: z.string(),
  k: z.number().int(),
  certified: z.boolean().describe('Every top-k member is certified.'),
  certify_threshold: z.number(),
  matches: z.number().int(),
  total: z.number().int().describe('Hypotheses in the project, all pages together.'),
  movement_window: z.object({ matches: z.number().int(), judge: JudgeSchema.nullable() }),
  rows: z.array(LeaderboardRowSchema).describe('Empty when the page was asked for by column (columns has the rows).'),
  columns: LeaderboardColumnsSchema.optional().describe('The rows by column, with format="columns" only.'),
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
      bt_score: z.number().nullable().describe('Bradley-Terry score the rank comes from; null when not ranked.'),
      ci95: IntervalSchema.nullable().describe('Its bootstrap 95% interval, as the leaderboard and the final report show it.'),
      played_matches: z.number().int(),
      points: z
        .array(z.object({ match: z.number().int().describe('Position in the match log.'), elo: z.number().describe('Elo after that match.') }))
        .describe('The first point is 1000, just before the hypothesis\'s first match.'),
    }),
  ),
});
export type EloHistory = z.infer<typeof EloHistorySchema>;

export const MatchEntrySchema = z.object({
  id: z.string(),
  number: z.number().int().describe('Position in the project\'s match log, from 1.'),
  first_id: z.string(),
  second_id: z.string(),
  winner_id: z.string(),
  judge: JudgeSchema,
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

const ReviewSummarySchema = z.object({
  type: z.string(),
  scores: ScoresSchema,
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
  recommendations: z.array(z.string()),
  reviewer: z.string(),
  judge: JudgeSchema,
  created_at: z.string(),
});

export const ComparedHypothesisSchema = ArenaCardSchema.extend({
  assumptions: z.array(z.string()),
  citations: z.array(z.object({ title: z.string(), authors: z.string().nullable(), year: z.number().int().nullable(), doi: z.string().nullable(), verified: z.boolean() })),
  status: HypothesisStatusSchema,
  origin: HypothesisOriginSchema,
  method: z.string(),
  parents: z.array(z.string()),
  iteration: z.number().int(),
  bt_score: z.number().nullable(),
  ci95: IntervalSchema.nullable(),
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
export type ComparedHypothesis = z.infer<typeof ComparedHypothesisSchema>;

export const ComparisonSchema = z.object({
  research_id: z.string(),
  // Named sides, not a two-element tuple (see IntervalSchema for why tuples are avoided).
  hypotheses: z.object({ first: ComparedHypothesisSchema, second: ComparedHypothesisSchema }),
  head_to_head: z.object({ matches: z.number().int(), first_wins: z.number().int(), second_wins: z.number().int(), human_judged: z.number().int() }),
});
export type Comparison = z.infer<typeof ComparisonSchema>;
