// The research routes of the host ⇄ renderer contract (the control room: projects, checkpoints,
// hypotheses, settings). contract.ts spreads them into its one route table and re-exports the
// types; like the rest of the contract, the renderer imports this for its types only.
import { z } from 'zod';
import {
  HypothesisDetailSchema,
  HypothesisDraftInputSchema,
  HypothesisSummarySchema,
  QueuedWorkSchema,
  REVIEW_TYPE_VALUES,
  ScoresSchema,
} from './hypothesisContract.js';

export * from './hypothesisContract.js';

export const CHECKPOINT_KIND_VALUES = ['research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report', 'safety_review'] as const;
export const CheckpointKindSchema = z.enum(CHECKPOINT_KIND_VALUES);
export type CheckpointKind = z.infer<typeof CheckpointKindSchema>;

export const EVOLUTION_STRATEGY_VALUES = ['refine', 'combine', 'simplify', 'paradigm_shift'] as const;

const ResearchIdInput = z.string().min(1);

// ---- Projects ----------------------------------------------------------------------------

export const ProjectOverviewSchema = z.object({
  projects: z.array(z.object({ id: z.string(), archived_at: z.string().nullable(), pending_checkpoints: z.number().int() })),
  pending: z.array(z.object({ checkpoint_id: z.string(), research_id: z.string(), kind: CheckpointKindSchema, goal: z.string(), created_at: z.string() })),
  pending_total: z.number().int(),
});
export type ProjectOverview = z.infer<typeof ProjectOverviewSchema>;

export const TimelineEntrySchema = z.object({
  source: z.enum(['task', 'checkpoint', 'event']),
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  status: z.string().nullable(),
  by: z.string().nullable(),
  requested_by: z.string().nullable(),
  finished_at: z.string().nullable(),
  decision: z.enum(['approve', 'edit', 'reject']).nullable(),
  note: z.string().nullable(),
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const ResearchPlanSchema = z.object({
  goal: z.string(),
  domain: z.string(),
  objectives: z.array(z.string()),
  constraints: z.array(z.string()),
  preferences: z.array(z.string()),
  hypothesis_budget: z.number().int(),
});

export const ProjectTimelineSchema = z.object({
  research_id: z.string(),
  stage: z.string(),
  iteration: z.number().int(),
  plan: ResearchPlanSchema,
  meta_review: z
    .object({ recurring_critiques: z.array(z.string()), feedback_for_generation: z.string(), feedback_for_review: z.string(), research_overview: z.string() })
    .nullable(),
  pause_at: z.array(CheckpointKindSchema),
  reasoning_calls_used: z.number().int(),
  reasoning_call_budget: z.number().int(),
  max_iterations: z.number().int(),
  archived_at: z.string().nullable(),
  stop_reason: z.string().nullable(),
  entries: z.array(TimelineEntrySchema),
  next_cursor: z.string().nullable(),
});
export type ProjectTimeline = z.infer<typeof ProjectTimelineSchema>;

// ---- Checkpoints -------------------------------------------------------------------------

export const CheckpointSchema = z.object({
  checkpoint_id: z.string(),
  research_id: z.string(),
  kind: CheckpointKindSchema,
  iteration: z.number().int(),
  status: z.enum(['pending', 'decided']),
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
  edit_schema: z.record(z.string(), z.unknown()),
  decision: z
    .object({ decision_id: z.string(), action: z.enum(['approve', 'edit', 'reject']), note: z.string().nullable(), decided_by: z.string(), decided_at: z.string() })
    .nullable(),
});
export type CheckpointView = z.infer<typeof CheckpointSchema>;
export type DecisionAction = 'approve' | 'edit' | 'reject';

export const DecisionRecordSchema = z.object({
  checkpoint_id: z.string(),
  research_id: z.string(),
  goal: z.string(),
  kind: CheckpointKindSchema,
  iteration: z.number().int(),
  created_at: z.string(),
  action: z.enum(['approve', 'edit', 'reject']),
  note: z.string().nullable(),
  decided_by: z.string(),
  decided_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type DecisionRecord = z.infer<typeof DecisionRecordSchema>;

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

/** The research routes, spread into contract.ts's route table. */
export const researchRoutes = {
  /** Archived flags and pending-checkpoint counts per project, and the inbox across projects. */
  'projects.overview': { input: z.object({}).strict(), output: ProjectOverviewSchema },
  'projects.archive': {
    input: z.object({ research_id: ResearchIdInput, archived: z.boolean() }).strict(),
    output: z.object({ research_id: z.string(), archived: z.boolean(), archived_at: z.string().nullable() }),
  },
  /** Permanent. The GUI sends it only once the scientist's chance to undo has passed. */
  'projects.delete': { input: z.object({ research_id: ResearchIdInput }).strict(), output: z.object({ research_id: z.string() }) },
  'projects.timeline': { input: z.object({ research_id: ResearchIdInput, ...page }).strict(), output: ProjectTimelineSchema },
  'hypotheses.list': {
    input: z.object({ research_id: ResearchIdInput, ...page }).strict(),
    output: z.object({ hypotheses: z.array(HypothesisSummarySchema), total: z.number().int(), next_cursor: z.string().nullable() }),
  },
  'hypotheses.get': { input: z.object({ hypothesis_id: z.string().min(1) }).strict(), output: HypothesisDetailSchema },
  'hypotheses.add': {
    input: z.object({ research_id: ResearchIdInput, hypothesis: HypothesisDraftInputSchema }).strict(),
    output: z.object({ hypothesis_id: z.string(), number: z.number().int(), research_id: z.string(), awaiting_approval: z.boolean(), safety_flag: z.string().nullable() }),
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
    output: z.object({ review_id: z.string(), hypothesis_id: z.string(), research_id: z.string() }),
  },
  'checkpoints.pending': {
    input: z.object({ research_id: ResearchIdInput.optional(), ...page }).strict(),
    output: z.object({ checkpoints: z.array(CheckpointSchema), next_cursor: z.string().nullable() }),
  },
  /** Decided checkpoints, newest first, with who decided and their note. */
  'checkpoints.history': {
    input: z.object({ ...page }).strict(),
    output: z.object({ decisions: z.array(DecisionRecordSchema), next_cursor: z.string().nullable() }),
  },
  'checkpoints.decide': {
    input: z
      .object({
        checkpoint_id: z.string().min(1),
        action: z.enum(['approve', 'edit', 'reject']),
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
