// Hypothesis shapes of the host ⇄ renderer contract (the hypothesis list, detail and the
// scientist's own hypothesis), used by research.contract.ts's routes. Types only in the renderer.
// The detail and the added hypothesis are the desktop tools' own result shapes
// (src-shared/schemas), defined once there; what the app does not show is picked away.
import { z } from 'zod';
import { HypothesisOriginSchema, HypothesisStatusSchema } from '../../src-shared/schemas/hypotheses.js';

export { HYPOTHESIS_STATUS_VALUES, HypothesisDetailSchema, REVIEW_TYPE_VALUES, ScoresSchema } from '../../src-shared/schemas/hypotheses.js';
export type { CitationView, HypothesisDetail, HypothesisRef, HypothesisStatus, ReviewScores } from '../../src-shared/schemas/hypotheses.js';

export const HypothesisSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  summary: z.string(),
  status: HypothesisStatusSchema,
  origin: HypothesisOriginSchema,
  method: z.string(),
  elo_score: z.number(),
  rank: z.number().int().nullable(),
  matches_played: z.number().int(),
  awaiting_approval: z.boolean(),
  near_duplicate_of: z.string().nullable(),
  safety_flag: z.string().nullable(),
  unverified_citations: z.number().int(),
});
export type HypothesisSummary = z.infer<typeof HypothesisSummarySchema>;

/** What a scientist writes; the research server checks the rules (e.g. a 50-100 word summary). */
export const HypothesisDraftInputSchema = z
  .object({
    summary: z.string(),
    rationale: z.string(),
    experimental_protocol: z.string(),
    testable_predictions: z.array(z.string()),
    assumptions: z.array(z.string()).optional(),
    /** References the scientist cites; the server checks each and looks it up in the knowledge base. */
    citations: z
      .array(
        z
          .object({
            title: z.string(),
            authors: z.string().optional(),
            year: z.number().int().optional(),
            doi: z.string().optional(),
            pmid: z.string().optional(),
            arxiv_id: z.string().optional(),
            url: z.string().optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();
export type HypothesisDraftInput = z.infer<typeof HypothesisDraftInputSchema>;

/** A work item the app asked for: queued until an assistant picks it up with continue_research. */
export const QueuedWorkSchema = z.object({ task_id: z.string(), kind: z.string(), research_id: z.string(), title: z.string() });
export type QueuedWork = z.infer<typeof QueuedWorkSchema>;
