// Result shapes of the desktop's hypothesis tools (get_hypothesis, add_hypothesis, add_review),
// defined once: the tools declare them as their output schemas and the desktop host's contract
// (src-main/host) checks their answers with them. The renderer type-checks these through the
// contract, so this module imports zod and its sibling schema modules only — no Node, no engine.
// The engine's value lists (engine/schemas.ts) are these.
import { z } from 'zod';

export const HYPOTHESIS_STATUS_VALUES = ['pending', 'reviewed', 'in_tournament', 'evolved', 'rejected'] as const;
export const HypothesisStatusSchema = z.enum(HYPOTHESIS_STATUS_VALUES);
export type HypothesisStatus = z.infer<typeof HypothesisStatusSchema>;

/**
 * The status as lists read it (issue 32 §2, one meaning per word): a stored `evolved` hypothesis is
 * one an evolved child has superseded, so it reads `superseded`; "evolved" is said only of origins.
 */
export const LISTED_STATUS_VALUES = ['pending', 'reviewed', 'in_tournament', 'superseded', 'rejected'] as const;
export const ListedStatusSchema = z.enum(LISTED_STATUS_VALUES);
export type ListedStatus = z.infer<typeof ListedStatusSchema>;

export const HYPOTHESIS_ORIGIN_VALUES = ['generated', 'evolved', 'human'] as const;
export const HypothesisOriginSchema = z.enum(HYPOTHESIS_ORIGIN_VALUES);
export type HypothesisOrigin = z.infer<typeof HypothesisOriginSchema>;

/** The scientist's approval gate: new → awaiting_approval (in a hypothesis_batch checkpoint) → approved. */
export const HYPOTHESIS_GATE_VALUES = ['new', 'awaiting_approval', 'approved'] as const;
export type HypothesisGate = (typeof HYPOTHESIS_GATE_VALUES)[number];

/**
 * One hypothesis as stored: the fields the store's row and the engine's record share, defined once.
 * The store's row adds what only SQL keeps (the interval's two columns, the batch that made it, the
 * citations and method as stored); the engine's record types those and pairs the interval.
 */
export interface HypothesisRecord {
  id: string;
  projectId: string;
  /** 1, 2, 3… within the project: what a scientist calls "H7". */
  seq: number;
  /** Written with the hypothesis since migration 0007 (null for older rows; hypothesisDigest derives one). */
  title?: string | null;
  coreClaim?: string | null;
  summary: string;
  rationale: string;
  experimentalProtocol: string;
  testablePredictions: string[];
  assumptions: string[];
  origin: HypothesisOrigin;
  status: HypothesisStatus;
  gate: HypothesisGate;
  /** Lineage: the hypotheses this one was evolved from. */
  parents: string[];
  iteration: number;
  elo: number;
  btScore: number | null;
  pTopK: number | null;
  rank: number | null;
  matchesPlayed: number;
  wins: number;
  /** Set when a near-identical hypothesis already existed (proximity check). */
  nearDuplicateOf: string | null;
  /** Why the safety screen flagged it, if it did. */
  safetyFlag: string | null;
  createdBy: string;
  reasoner: string | null;
  createdAt: string;
  updatedAt: string;
}

export const REVIEW_TYPE_VALUES = ['initial', 'full', 'deep_verification', 'observation', 'simulation', 'tournament'] as const;
export type ReviewType = (typeof REVIEW_TYPE_VALUES)[number];

/** Who judged a review or a match. */
export const JudgeSchema = z.enum(['model', 'human']);

export const CitationViewSchema = z.object({
  title: z.string(),
  authors: z.string().nullable(),
  year: z.number().int().nullable(),
  venue: z.string().nullable().describe('Journal, proceedings or publisher, from the knowledge-base document it resolves to.'),
  doi: z.string().nullable(),
  pmid: z.string().nullable(),
  arxiv_id: z.string().nullable(),
  url: z.string().nullable(),
  verified: z.boolean().describe('Resolves to a knowledge-base document this project read.'),
  document_id: z.string().nullable().describe('The knowledge-base document it resolves to, read or not.'),
  document_title: z.string().nullable(),
});
export type CitationView = z.infer<typeof CitationViewSchema>;

export const HypothesisRefSchema = z.object({ id: z.string(), number: z.number().int(), summary: z.string(), status: HypothesisStatusSchema });
export type HypothesisRef = z.infer<typeof HypothesisRefSchema>;

export const ScoresSchema = z.object({ plausibility: z.number(), novelty: z.number(), testability: z.number(), safety: z.number(), overall: z.number() });
export type ReviewScores = z.infer<typeof ScoresSchema>;

/**
 * A Bradley-Terry 95% confidence interval. An object, not a [low, high] tuple: a tuple's schema
 * (prefixItems + items: false) means "no elements at all" to the draft-07 validator of the v1 MCP
 * SDK client that many assistants embed, so it would reject every result carrying one.
 */
export const IntervalSchema = z.object({ low: z.number(), high: z.number() });
export type Interval = z.infer<typeof IntervalSchema>;

/** An interval on the Elo-like scale, rounded to whole points as every tool shows it. */
export function roundedInterval(low: number, high: number): Interval {
  return { low: Math.round(low), high: Math.round(high) };
}

/** A hypothesis's standing in its tournament, as every view of it reports it (detail and list). */
export const RatingFields = {
  elo_score: z.number(),
  bt_score: z.number().nullable(),
  ci95: IntervalSchema.nullable(),
  p_top_k: z.number().nullable(),
  rank: z.number().int().nullable(),
  matches_played: z.number().int(),
};

/** get_hypothesis: one hypothesis in full, its reviews, the matches it played and its lineage. */
/** set_hypothesis_title. */
export const RetitledSchema = z.object({
  hypothesis_id: z.string(),
  number: z.number().int(),
  title: z.string(),
  previous_title: z.string().nullable().describe('The title given before, or null when none was (a derived one was shown).'),
});

export const HypothesisDetailSchema = z.object({
  hypothesis: z.object({
    id: z.string(),
    number: z.number().int(),
    research_id: z.string(),
    title: z.string().describe('The short title: the one given, or one derived from the summary (title_given false).'),
    title_given: z.boolean().describe('Whether the model or the scientist gave the title (set_hypothesis_title renames it).'),
    core_claim: z.string().describe('The claim in one or two sentences: the one stored with the hypothesis, or one derived from the summary (core_claim_given false).'),
    core_claim_given: z.boolean(),
    summary: z.string(),
    rationale: z.string(),
    experimental_protocol: z.string(),
    testable_predictions: z.array(z.string()),
    assumptions: z.array(z.string()),
    citations: z.array(CitationViewSchema),
    method: z.string(),
    origin: HypothesisOriginSchema,
    status: HypothesisStatusSchema,
    gate: z.enum(HYPOTHESIS_GATE_VALUES),
    iteration: z.number().int(),
    ...RatingFields,
    wins: z.number().int(),
    near_duplicate_of: z.string().nullable(),
    safety_flag: z.string().nullable(),
    created_by: z.string(),
    reasoner: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  /** Why asking for a review or evolution would be refused now (null: it can be asked): the app disables its buttons with this. */
  work_refused: z.string().nullable(),
  reviews: z.array(
    z.object({
      id: z.string(),
      type: z.enum(REVIEW_TYPE_VALUES),
      scores: ScoresSchema,
      strengths: z.array(z.string()),
      weaknesses: z.array(z.string()),
      recommendations: z.array(z.string()),
      citations: z.array(CitationViewSchema),
      assumption_checks: z.array(z.object({ assumption: z.string(), verdict: z.enum(['supported', 'unsupported', 'uncertain']), evidence: z.string(), fundamental: z.boolean() })),
      fundamental_flaw: z.boolean(),
      narrative: z.string().nullable(),
      reviewer: z.string(),
      judge: JudgeSchema,
      created_at: z.string(),
    }),
  ),
  matches: z.array(
    z.object({
      id: z.string(),
      opponent: HypothesisRefSchema.nullable(),
      slot: z.enum(['first', 'second']),
      won: z.boolean(),
      judge: JudgeSchema,
      confidence: z.number().nullable(),
      rationale: z.string(),
      debate: z.array(z.object({ speaker: z.string(), argument: z.string() })),
      created_by: z.string(),
      created_at: z.string(),
    }),
  ),
  parents: z.array(HypothesisRefSchema),
  children: z.array(HypothesisRefSchema),
  title_history: z
    .array(z.object({ at: z.string(), by: z.string().describe('Client id of who renamed it; "desktop" is the scientist.'), from: z.string().nullable().describe('null: no title had been given.'), to: z.string() }))
    .describe('Every rename, newest first.'),
});
export type HypothesisDetail = z.infer<typeof HypothesisDetailSchema>;

/** add_hypothesis: the scientist's hypothesis as stored. */
export const AddedHypothesisSchema = z.object({
  hypothesis_id: z.string(),
  number: z.number().int(),
  research_id: z.string(),
  status: HypothesisStatusSchema,
  awaiting_approval: z.boolean(),
  safety_flag: z.string().nullable(),
  near_duplicate_of: z.string().nullable(),
});

/** add_review: the scientist's review as stored. */
export const AddedReviewSchema = z.object({ review_id: z.string(), hypothesis_id: z.string(), research_id: z.string(), judge: z.literal('human') });
