// Hypothesis shapes of the host ⇄ renderer contract (the hypothesis list, detail and the
// scientist's own hypothesis), used by researchContract.ts's routes. Types only in the renderer.
import { z } from 'zod';

export const HYPOTHESIS_STATUS_VALUES = ['pending', 'reviewed', 'in_tournament', 'evolved', 'rejected'] as const;
const HypothesisStatusSchema = z.enum(HYPOTHESIS_STATUS_VALUES);
export type HypothesisStatus = z.infer<typeof HypothesisStatusSchema>;

export const REVIEW_TYPE_VALUES = ['initial', 'full', 'deep_verification', 'observation', 'simulation', 'tournament'] as const;

const HypothesisRefSchema = z.object({ id: z.string(), number: z.number().int(), summary: z.string(), status: HypothesisStatusSchema });
export type HypothesisRef = z.infer<typeof HypothesisRefSchema>;

export const HypothesisSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  summary: z.string(),
  status: HypothesisStatusSchema,
  origin: z.enum(['generated', 'evolved', 'human']),
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

const CitationSchema = z.object({
  title: z.string(),
  authors: z.string().nullable(),
  year: z.number().int().nullable(),
  doi: z.string().nullable(),
  pmid: z.string().nullable(),
  arxiv_id: z.string().nullable(),
  url: z.string().nullable(),
  verified: z.boolean(),
  document_id: z.string().nullable(),
  document_title: z.string().nullable(),
});
export type CitationView = z.infer<typeof CitationSchema>;

export const ScoresSchema = z.object({ plausibility: z.number(), novelty: z.number(), testability: z.number(), safety: z.number(), overall: z.number() });
export type ReviewScores = z.infer<typeof ScoresSchema>;

export const HypothesisDetailSchema = z.object({
  hypothesis: z.object({
    id: z.string(),
    number: z.number().int(),
    research_id: z.string(),
    summary: z.string(),
    rationale: z.string(),
    experimental_protocol: z.string(),
    testable_predictions: z.array(z.string()),
    assumptions: z.array(z.string()),
    citations: z.array(CitationSchema),
    method: z.string(),
    origin: z.enum(['generated', 'evolved', 'human']),
    status: HypothesisStatusSchema,
    gate: z.enum(['new', 'awaiting_approval', 'approved']),
    iteration: z.number().int(),
    elo_score: z.number(),
    bt_score: z.number().nullable(),
    ci95: z.tuple([z.number(), z.number()]).nullable(),
    p_top_k: z.number().nullable(),
    rank: z.number().int().nullable(),
    matches_played: z.number().int(),
    wins: z.number().int(),
    near_duplicate_of: z.string().nullable(),
    safety_flag: z.string().nullable(),
    created_by: z.string(),
    reasoner: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  reviews: z.array(
    z.object({
      id: z.string(),
      type: z.enum(REVIEW_TYPE_VALUES),
      scores: ScoresSchema,
      strengths: z.array(z.string()),
      weaknesses: z.array(z.string()),
      recommendations: z.array(z.string()),
      citations: z.array(CitationSchema),
      assumption_checks: z.array(z.object({ assumption: z.string(), verdict: z.enum(['supported', 'unsupported', 'uncertain']), evidence: z.string(), fundamental: z.boolean() })),
      fundamental_flaw: z.boolean(),
      narrative: z.string().nullable(),
      reviewer: z.string(),
      judge: z.enum(['model', 'human']),
      created_at: z.string(),
    }),
  ),
  matches: z.array(
    z.object({
      id: z.string(),
      opponent: HypothesisRefSchema.nullable(),
      slot: z.enum(['first', 'second']),
      won: z.boolean(),
      judge: z.enum(['model', 'human']),
      confidence: z.number().nullable(),
      rationale: z.string(),
      debate: z.array(z.object({ speaker: z.string(), argument: z.string() })),
      created_by: z.string(),
      created_at: z.string(),
    }),
  ),
  parents: z.array(HypothesisRefSchema),
  children: z.array(HypothesisRefSchema),
});
export type HypothesisDetail = z.infer<typeof HypothesisDetailSchema>;

/** What a scientist writes; the research server checks the rules (e.g. a 50-100 word summary). */
export const HypothesisDraftInputSchema = z
  .object({
    summary: z.string(),
    rationale: z.string(),
    experimental_protocol: z.string(),
    testable_predictions: z.array(z.string()),
    assumptions: z.array(z.string()).optional(),
  })
  .strict();
export type HypothesisDraftInput = z.infer<typeof HypothesisDraftInputSchema>;

/** A work item the app asked for: queued until an assistant picks it up with continue_research. */
export const QueuedWorkSchema = z.object({ task_id: z.string(), kind: z.string(), research_id: z.string(), title: z.string() });
export type QueuedWork = z.infer<typeof QueuedWorkSchema>;
