// The tournament routes of the host ⇄ renderer contract: leaderboard, Elo over time, match log,
// compare and the arena; their handlers are src-main/host/tournament.handlers.ts. index.ts spreads
// them into its one route table and re-exports the types; the renderer imports them as types only.
// The tools' result shapes are theirs (src-shared/schemas), defined once there.
import { z } from 'zod';
import { JudgeSchema } from '../schemas/hypotheses.js';
import { ArenaPairSchema, ComparisonSchema, EloHistorySchema, LeaderboardFormatSchema, LeaderboardPageSchema, MatchPageSchema, MAX_LEADERBOARD_PAGE_ROWS } from '../schemas/tournament.js';

export {
  ArenaCardSchema,
  ArenaPairSchema,
  ComparedHypothesisSchema,
  ComparisonSchema,
  EloHistorySchema,
  LeaderboardColumnsSchema,
  LeaderboardPageSchema,
  LeaderboardRowSchema,
  MatchEntrySchema,
  MatchPageSchema,
  MAX_LEADERBOARD_PAGE_ROWS,
} from '../schemas/tournament.js';
export type {
  ArenaCard,
  ArenaPair,
  ComparedHypothesis,
  Comparison,
  EloHistory,
  LeaderboardColumns,
  LeaderboardPage,
  LeaderboardRow,
  MatchEntry,
  MatchPage,
} from '../schemas/tournament.js';

const ResearchId = z.string().min(1);
const HypothesisId = z.string().min(1);

export const tournamentRoutes = {
  /**
   * One page of the leaderboard; the GUI follows next_cursor to load all rows in chunks. By column,
   * the host reads the next page ahead (leaderboardReadAhead.ts) in `next_limit` rows (default:
   * `limit`), the size the GUI will ask for it in: its first page is one screen, the rest are large.
   * `search` and `summary_chars` are get_leaderboard's (server-side search over full summaries).
   */
  'leaderboard.page': {
    input: z
      .object({
        research_id: ResearchId,
        cursor: z.string().optional(),
        limit: z.number().int().min(1).max(MAX_LEADERBOARD_PAGE_ROWS).optional(),
        format: LeaderboardFormatSchema.optional(),
        next_limit: z.number().int().min(1).max(MAX_LEADERBOARD_PAGE_ROWS).optional(),
        search: z.string().max(500).optional(),
        summary_chars: z.number().int().min(20).max(10_000).optional(),
      })
      .strict(),
    output: LeaderboardPageSchema,
  },
  'leaderboard.eloHistory': {
    input: z.object({ research_id: ResearchId, hypothesis_ids: z.array(HypothesisId).min(1).max(20).optional() }).strict(),
    output: EloHistorySchema,
  },
  'leaderboard.matches': {
    input: z
      .object({ research_id: ResearchId, hypothesis_id: HypothesisId.optional(), judge: JudgeSchema.optional(), cursor: z.string().optional(), limit: z.number().int().min(1).max(500).optional() })
      .strict(),
    output: MatchPageSchema,
  },
  'leaderboard.compare': {
    input: z.object({ research_id: ResearchId, first_id: HypothesisId, second_id: HypothesisId }).strict(),
    output: ComparisonSchema,
  },
  'arena.nextPair': {
    input: z.object({ research_id: ResearchId, skip: z.array(z.object({ first_id: HypothesisId, second_id: HypothesisId }).strict()).max(50).optional() }).strict(),
    output: ArenaPairSchema,
  },
  /** The scientist's verdict, in the slot order it was shown: recorded as a human match. */
  'arena.vote': {
    input: z.object({ first_id: HypothesisId, second_id: HypothesisId, winner_id: HypothesisId, rationale: z.string().max(4000).optional() }).strict(),
    output: z.object({ research_id: z.string(), winner_id: z.string(), judge: z.literal('human') }),
  },
} as const;
