// The shapes of research work: what a reasoner (the calling assistant, an LLM API, or MCP
// sampling) must return for each kind of task, and what a scientist may submit when editing a
// checkpoint. Every reasoner's output passes through these same schemas (architecture.md, *Reasoners*).
import { z } from 'zod';
import { HYPOTHESIS_ORIGIN_VALUES, HYPOTHESIS_STATUS_VALUES, LISTED_STATUS_VALUES, REVIEW_TYPE_VALUES, type ListedStatus } from '../../src-shared/schemas/hypotheses.js';
import { CHECKPOINT_KIND_VALUES, DECISION_ACTION_VALUES, ResearchPlanSchema, type ResearchPlan } from '../../src-shared/schemas/projects.js';
import { Text } from '../../src-shared/schemas/text.js';
import { CORE_CLAIM_MAX_CHARS, SCIENTIST_TITLE_MAX_CHARS, TITLE_MAX_CHARS } from './hypothesisDigest.js';

export const GENERATION_METHODS = ['literature_based', 'debate', 'assumptions', 'expansion'] as const;
export type GenerationMethod = (typeof GENERATION_METHODS)[number];

export const EVOLUTION_STRATEGIES = ['refine', 'combine', 'simplify', 'paradigm_shift'] as const;
export type EvolutionStrategy = (typeof EVOLUTION_STRATEGIES)[number];

export const REVIEW_TYPES = REVIEW_TYPE_VALUES;
export type ReviewType = (typeof REVIEW_TYPES)[number];

export const HYPOTHESIS_STATUSES = HYPOTHESIS_STATUS_VALUES;
export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number];

/**
 * One meaning per word (issue 32 §2): the stored status `evolved` marks a hypothesis an evolved
 * child has superseded, so readers see it as `superseded`, and "evolved" is only ever said of the
 * hypotheses evolution produced (origin `evolved`). A superseded hypothesis stays in the
 * tournament as the benchmark its child must beat, but is never named a top hypothesis.
 */
export const LISTED_STATUSES = LISTED_STATUS_VALUES;
export type { ListedStatus };

export function listedStatus(status: HypothesisStatus): ListedStatus {
  return status === 'evolved' ? 'superseded' : status;
}

export function isSuperseded(h: { status: string }): boolean {
  return h.status === 'evolved';
}

export const HYPOTHESIS_ORIGINS = HYPOTHESIS_ORIGIN_VALUES;
export type HypothesisOrigin = (typeof HYPOTHESIS_ORIGINS)[number];

/** Hypotheses one project may plan for. */
export const MAX_HYPOTHESIS_BUDGET = 100;

export const SUMMARY_MIN_WORDS = 50;
export const SUMMARY_MAX_WORDS = 100;
/** 100 words of plain prose fit; the word rule is what a writer aims at. */
export const SUMMARY_MAX_CHARS = 1000;
/** A strength, weakness or recommendation: one specific, checkable point in one short sentence. */
export const REVIEW_POINT_MAX_CHARS = 100;

export function wordCount(text: string): number {
  return text.trim().split(/\s+/).filter((word) => word.length > 0).length;
}


/** A literature reference. Identifiers let the knowledge base verify that the run actually read it. */
export const CitationSchema = z.object({
  title: Text(3, 500, 'citation title'),
  authors: z.string().max(500).optional(),
  year: z.number().int().min(1600).max(2100).optional(),
  doi: z.string().max(200).optional(),
  pmid: z.string().max(20).optional(),
  arxiv_id: z.string().max(40).optional(),
  url: z.string().max(2000).optional(),
  /** Knowledge-base document the claim comes from, when the context offered one. */
  document_id: z.string().max(100).optional(),
});
export type Citation = z.infer<typeof CitationSchema>;

/**
 * Length limits are stated in every output schema (maxLength, maxItems) and enforced on submission:
 * a model writes to the limits it is shown, and each character a delegated assistant writes stays
 * in its context. They are sized for what the science needs (issue 13), not for the most a model could write.
 */
export const HypothesisDraftSchema = z.object({
  /** A short title: comparisons and lists show this and the core claim instead of the full text. */
  title: Text(5, TITLE_MAX_CHARS, 'title').optional(),
  /** The claim in one sentence: what is proposed and the mechanism. */
  core_claim: Text(20, CORE_CLAIM_MAX_CHARS, 'core_claim').optional(),
  summary: Text(20, SUMMARY_MAX_CHARS, 'summary').refine(
    (text) => {
      const words = wordCount(text);
      return words >= SUMMARY_MIN_WORDS && words <= SUMMARY_MAX_WORDS;
    },
    { message: `summary must be ${SUMMARY_MIN_WORDS}-${SUMMARY_MAX_WORDS} words` },
  ),
  rationale: Text(40, 1000, 'rationale'),
  experimental_protocol: Text(40, 1000, 'experimental_protocol'),
  testable_predictions: z.array(Text(10, 250, 'prediction')).min(1).max(3),
  citations: z.array(CitationSchema).max(6).default([]),
  /** Assumptions the hypothesis rests on: the `assumptions` method and deep verification use them. */
  assumptions: z.array(Text(5, 250, 'assumption')).max(4).default([]),
});
export type HypothesisDraft = z.infer<typeof HypothesisDraftSchema>;

/**
 * A scientist's own writing keeps the room it always had: the tighter limits above are what a
 * reasoner is asked to write (issue 13), and what a scientist could write before is accepted still.
 */
const ScientistRationale = Text(40, 2000, 'rationale');
const ScientistProtocol = Text(40, 2000, 'experimental_protocol');
export const ScientistHypothesisSchema = HypothesisDraftSchema.extend({
  title: Text(5, SCIENTIST_TITLE_MAX_CHARS, 'title').optional(),
  core_claim: Text(20, 300, 'core_claim').optional(),
  rationale: ScientistRationale,
  experimental_protocol: ScientistProtocol,
  testable_predictions: z.array(Text(10, 400, 'prediction')).min(1).max(5),
  citations: z.array(CitationSchema).max(10).default([]),
  assumptions: z.array(Text(5, 400, 'assumption')).max(8).default([]),
});

export const GenerationResultSchema = z.object({
  hypotheses: z.array(HypothesisDraftSchema).min(1).max(50),
  /** For the `debate` method: the condensed transcript that led to the hypotheses. */
  debate_notes: z.string().max(1500).optional(),
});
export type GenerationResult = z.infer<typeof GenerationResultSchema>;

const Score = z.number().min(0).max(1);

export const ReviewScoresSchema = z.object({
  plausibility: Score,
  novelty: Score,
  testability: Score,
  safety: Score,
  overall: Score,
});
export type ReviewScores = z.infer<typeof ReviewScoresSchema>;

export const AssumptionCheckSchema = z.object({
  assumption: Text(5, 250, 'assumption'),
  verdict: z.enum(['supported', 'unsupported', 'uncertain']),
  evidence: Text(5, 300, 'evidence'),
  /** Would the hypothesis collapse if this assumption were false? */
  fundamental: z.boolean(),
});

/**
 * The reviewer's answer to the safety question every review asks (issue 32): `concerning` sends the
 * hypothesis to the scientist's safety review in the app, as a flag of the safety screen does.
 */
export const SAFETY_CONCERNS = ['none', 'concerning'] as const;
export type SafetyConcern = (typeof SAFETY_CONCERNS)[number];
export const SAFETY_REASON_MAX_CHARS = 150;

export const ReviewDraftSchema = z.object({
  hypothesis_id: z.string().min(1),
  scores: ReviewScoresSchema,
  strengths: z.array(Text(3, REVIEW_POINT_MAX_CHARS, 'strength')).min(1).max(2),
  weaknesses: z.array(Text(3, REVIEW_POINT_MAX_CHARS, 'weakness')).min(1).max(3),
  recommendations: z.array(Text(3, REVIEW_POINT_MAX_CHARS, 'recommendation')).max(2).default([]),
  citations: z.array(CitationSchema).max(5).default([]),
  /** deep_verification: each assumption checked, and whether any flaw is fundamental. */
  assumption_checks: z.array(AssumptionCheckSchema).max(8).default([]),
  fundamental_flaw: z.boolean().default(false),
  /** simulation / observation reviews: the simulated outcome or the observations explained. */
  narrative: z.string().max(1500).optional(),
  safety_concern: z.enum(SAFETY_CONCERNS).default('none'),
  /** Why, in one short sentence, when the answer is `concerning`. */
  safety_reason: Text(5, SAFETY_REASON_MAX_CHARS, 'safety_reason').optional(),
});
export type ReviewDraft = z.infer<typeof ReviewDraftSchema>;

/** A scientist's own review points (the add_review tool): the room they always had. */
export const ScientistReviewPointsSchema = z.object({
  strengths: z.array(Text(3, 300, 'strength')).min(1).max(4),
  weaknesses: z.array(Text(3, 300, 'weakness')).min(1).max(4),
  recommendations: z.array(Text(3, 300, 'recommendation')).max(4).default([]),
});

export const ReviewResultSchema = z.object({ reviews: z.array(ReviewDraftSchema).min(1).max(20) });
export type ReviewResult = z.infer<typeof ReviewResultSchema>;

export const DebateTurnSchema = z.object({
  speaker: Text(1, 60, 'speaker'),
  argument: Text(5, 160, 'argument'),
});

// One sentence naming the deciding difference fits in 80 characters (the rules' example is 70); every
// verdict's rationale is written into the assistant's context, ~170 of them for 20 hypotheses.
export const RATIONALE_MAX_CHARS = 80;
/** A debate is a short exchange: an advocate of each side, then a neutral expert. */
export const DEBATE_MAX_TURNS = 3;

export const JudgementSchema = z.object({
  pair_id: z.string().min(1),
  /** Which slot won, as the pair was presented: `first` or `second`. */
  winner: z.enum(['first', 'second']),
  /** 0.5 = a coin flip, 1 = certain: below 0.5 the other slot would be the winner. */
  confidence: z.number().min(0.5).max(1),
  /** One sentence naming the difference that decided it. */
  rationale: Text(20, RATIONALE_MAX_CHARS, 'rationale'),
  /** Only for pairs marked `debate`: the turns of the simulated debate. */
  debate: z.array(DebateTurnSchema).max(DEBATE_MAX_TURNS).default([]),
});
export type Judgement = z.infer<typeof JudgementSchema>;

export const ComparisonResultSchema = z.object({ judgements: z.array(JudgementSchema).min(1).max(30) });
export type ComparisonResult = z.infer<typeof ComparisonResultSchema>;

export const EvolutionResultSchema = z.object({
  hypothesis: HypothesisDraftSchema,
  changes: Text(10, 300, 'changes'),
});
export type EvolutionResult = z.infer<typeof EvolutionResultSchema>;

export const MetaReviewResultSchema = z.object({
  recurring_critiques: z.array(Text(5, 150, 'critique')).max(6),
  feedback_for_generation: Text(10, 600, 'feedback_for_generation'),
  feedback_for_review: Text(10, 500, 'feedback_for_review'),
  research_overview: Text(40, 1500, 'research_overview'),
});
export type MetaReviewResult = z.infer<typeof MetaReviewResultSchema>;

// ---- Checkpoints -------------------------------------------------------------------------

export const CHECKPOINT_KINDS = CHECKPOINT_KIND_VALUES;
/** Kinds decided only by the scientist in the desktop app, whatever the project's pause or chat settings. */
export const SCIENTIST_ONLY_KINDS: readonly CheckpointKind[] = ['safety_review', 'change_request'];
export type CheckpointKind = (typeof CHECKPOINT_KINDS)[number];

export const DECISION_ACTIONS = DECISION_ACTION_VALUES;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

// Defined once in the shared contracts: the desktop shows and edits the same plan the engine checks.
export { ResearchPlanSchema, type ResearchPlan };

/** Editing a batch: keep, reword or drop hypotheses of the batch. */
export const HypothesisBatchEditSchema = z.object({
  hypotheses: z
    .array(
      z.object({
        id: z.string().min(1),
        keep: z.boolean().default(true),
        summary: HypothesisDraftSchema.shape.summary.optional(),
        rationale: ScientistRationale.optional(),
        experimental_protocol: ScientistProtocol.optional(),
      }),
    )
    .min(1),
});

export const EvolutionProposalSchema = z.object({
  hypothesis_id: z.string().min(1),
  strategy: z.enum(EVOLUTION_STRATEGIES),
  /** `combine` merges with this second hypothesis. */
  partner_id: z.string().min(1).optional(),
});
export const EvolutionPlanSchema = z.object({ proposals: z.array(EvolutionProposalSchema).max(20) });
export type EvolutionPlan = z.infer<typeof EvolutionPlanSchema>;

export const FinalReportEditSchema = z.object({
  overview: Text(40, 20000, 'overview'),
  /** Hypothesis ids in the order the scientist wants them presented. */
  top_hypothesis_ids: z.array(z.string().min(1)).min(1).max(20),
});

export const SafetyReviewEditSchema = z.object({
  /** Rewritten goal or hypothesis summary that removes the concern. */
  revised_text: Text(10, 2000, 'revised_text'),
  /** For a flagged hypothesis: its rewritten rationale and protocol, where the concern sits there. */
  rationale: ScientistRationale.optional(),
  experimental_protocol: ScientistProtocol.optional(),
});

/** Editing a flagged hypothesis: revised_text is its new summary, with the summary's 50-100-word rule. */
export const SafetyHypothesisEditSchema = SafetyReviewEditSchema.extend({ revised_text: HypothesisDraftSchema.shape.summary });

/** A change an assistant asked for (more budget, a reopened project): the scientist may grant less. */
export const ChangeRequestEditSchema = z.object({
  add_reasoning_calls: z.number().int().min(0).max(10_000),
  add_hypotheses: z.number().int().min(0).max(100).default(0),
});
export type ChangeRequestEdit = z.infer<typeof ChangeRequestEditSchema>;
