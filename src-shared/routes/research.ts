// The research routes of the host ⇄ renderer contract (the control room: projects, checkpoints,
// hypotheses, settings); their handlers are src-main/host/research.handlers.ts. index.ts spreads
// them into its one route table and re-exports the types; the renderer imports them as types only.
// The project tools' result shapes are theirs (src-shared/schemas), defined once there; the
// hypothesis list, the scientist's own hypothesis and queued work are the app's own.
import { z } from 'zod';
import {
  AddedHypothesisSchema,
  AddedReviewSchema,
  HypothesisDetailSchema,
  HypothesisOriginSchema,
  ListedStatusSchema,
  REVIEW_TYPE_VALUES,
  RetitledSchema,
  ScoresSchema,
} from '../schemas/hypotheses.js';
import {
  ArchivedSchema,
  CheckpointKindSchema,
  DecisionActionSchema,
  DecisionHistorySchema,
  ProjectOverviewSchema,
  ProjectTimelineSchema,
  TrashedSchema,
  type CheckpointKind,
} from '../schemas/projects.js';

export {
  CHECKPOINT_KIND_VALUES,
  CheckpointKindSchema,
  DecisionRecordSchema,
  ProjectOverviewSchema,
  ProjectTimelineSchema,
  ResearchPlanSchema,
  TimelineEntrySchema,
} from '../schemas/projects.js';
export type { CheckpointKind, DecisionAction, DecisionRecord, ProjectOverview, ProjectTimeline, TimelineEntry } from '../schemas/projects.js';
export { HYPOTHESIS_STATUS_VALUES, HypothesisDetailSchema, REVIEW_TYPE_VALUES, ScoresSchema } from '../schemas/hypotheses.js';
export type { CitationView, HypothesisDetail, HypothesisOrigin, HypothesisRef, HypothesisStatus, ListedStatus, ReviewScores, ReviewType } from '../schemas/hypotheses.js';

// ---- Hypotheses --------------------------------------------------------------------------

export const HypothesisSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  summary: z.string(),
  status: ListedStatusSchema,
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

export const EVOLUTION_STRATEGY_VALUES = ['refine', 'combine', 'simplify', 'paradigm_shift'] as const;

const ResearchIdInput = z.string().min(1);

// ---- Checkpoints -------------------------------------------------------------------------

export const CheckpointSchema = z.object({
  checkpoint_id: z.string(),
  research_id: z.string(),
  kind: CheckpointKindSchema,
  iteration: z.number().int(),
  status: z.enum(['pending', 'decided', 'withdrawn']),
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
  edit_schema: z.record(z.string(), z.unknown()),
  decision: z
    .object({ decision_id: z.string(), action: DecisionActionSchema, note: z.string().nullable(), decided_by: z.string(), decided_at: z.string() })
    .nullable(),
});
export type CheckpointView = z.infer<typeof CheckpointSchema>;

/** A pending checkpoint the host saw appear, for an OS notification. */
export interface ArrivedCheckpoint {
  checkpoint_id: string;
  research_id: string;
  kind: CheckpointKind;
  goal: string;
}

// ---- Settings ----------------------------------------------------------------------------

export const ThemeSchema = z.enum(['light', 'dark', 'system']);
export type Theme = z.infer<typeof ThemeSchema>;

/** Kinds a scientist may choose not to pause at (safety reviews always pause). */
export const PAUSABLE_KINDS = ['research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report'] as const;

export const DesktopSettingsSchema = z.object({
  theme: ThemeSchema,
  /** Checkpoint kinds new projects started from the app pause at. */
  default_pause_at: z.array(z.enum(PAUSABLE_KINDS)),
});
export type DesktopSettings = z.infer<typeof DesktopSettingsSchema>;

const page = { cursor: z.string().min(1).optional() };

/** The research routes, spread into index.ts's route table. */
export const researchRoutes = {
  /** Archived flags and pending-checkpoint counts per project, and the inbox across projects. */
  'projects.overview': { input: z.object({}).strict(), output: ProjectOverviewSchema },
  'projects.archive': {
    input: z.object({ research_id: ResearchIdInput, archived: z.boolean() }).strict(),
    output: ArchivedSchema,
  },
  /** Delete with undo: gone from every view at once, restorable (trashed=false) until purge_after. */
  'projects.trash': { input: z.object({ research_id: ResearchIdInput, trashed: z.boolean() }).strict(), output: TrashedSchema },
  /** Permanent. The GUI sends it only once the scientist's chance to undo has passed. */
  'projects.delete': { input: z.object({ research_id: ResearchIdInput }).strict(), output: z.object({ research_id: z.string() }) },
  /** The scientist reopens a completed project for another cycle, with the budget it may use (issue 15 item 2). */
  'projects.reopen': {
    input: z
      .object({
        research_id: ResearchIdInput,
        add_reasoning_calls: z.number().int().min(1).max(10_000),
        add_hypotheses: z.number().int().min(0).max(100),
      })
      .strict(),
    output: z.object({ research_id: z.string(), status: z.string() }),
  },
  'projects.timeline': { input: z.object({ research_id: ResearchIdInput, ...page }).strict(), output: ProjectTimelineSchema },
  'hypotheses.list': {
    input: z.object({ research_id: ResearchIdInput, ...page }).strict(),
    output: z.object({ hypotheses: z.array(HypothesisSummarySchema), total: z.number().int(), next_cursor: z.string().nullable() }),
  },
  'hypotheses.get': { input: z.object({ hypothesis_id: z.string().min(1) }).strict(), output: HypothesisDetailSchema },
  /** The scientist renames a hypothesis; refused (CONFLICT) if its title changed since expected_title. */
  'hypotheses.setTitle': {
    input: z.object({ hypothesis_id: z.string().min(1), title: z.string().max(1000), expected_title: z.string().max(1000).nullable() }).strict(),
    output: RetitledSchema,
  },
  'hypotheses.add': {
    input: z.object({ research_id: ResearchIdInput, hypothesis: HypothesisDraftInputSchema }).strict(),
    output: AddedHypothesisSchema.pick({ hypothesis_id: true, number: true, research_id: true, awaiting_approval: true, safety_flag: true }),
  },
  /** Queues a review for an assistant (the app does no reasoning of its own yet). */
  'hypotheses.review': { input: z.object({ hypothesis_id: z.string().min(1), review_type: z.enum(REVIEW_TYPE_VALUES) }).strict(), output: QueuedWorkSchema },
  'hypotheses.evolve': {
    input: z.object({ hypothesis_id: z.string().min(1), strategy: z.enum(EVOLUTION_STRATEGY_VALUES), partner_id: z.string().min(1).optional() }).strict(),
    output: QueuedWorkSchema,
  },
  'reviews.add': {
    input: z
      .object({
        hypothesis_id: z.string().min(1),
        scores: ScoresSchema,
        strengths: z.array(z.string()),
        weaknesses: z.array(z.string()),
        recommendations: z.array(z.string()),
      })
      .strict(),
    output: AddedReviewSchema.pick({ review_id: true, hypothesis_id: true, research_id: true }),
  },
  'checkpoints.pending': {
    input: z.object({ research_id: ResearchIdInput.optional(), ...page }).strict(),
    output: z.object({ checkpoints: z.array(CheckpointSchema), next_cursor: z.string().nullable() }),
  },
  /** Decided checkpoints, newest first, with who decided and their note. */
  'checkpoints.history': {
    input: z.object({ ...page }).strict(),
    output: DecisionHistorySchema,
  },
  'checkpoints.decide': {
    input: z
      .object({
        checkpoint_id: z.string().min(1),
        action: DecisionActionSchema,
        data: z.record(z.string(), z.unknown()).optional(),
        note: z.string().max(4000).optional(),
        decision_id: z.string().min(1).max(100).optional(),
      })
      .strict(),
    output: z.object({ checkpoint: CheckpointSchema, applied: z.boolean(), next: z.object({ state: z.string(), message: z.string() }) }),
  },
  'settings.get': { input: z.object({}).strict(), output: DesktopSettingsSchema },
  'settings.set': { input: DesktopSettingsSchema.partial().strict(), output: DesktopSettingsSchema },
} as const;
