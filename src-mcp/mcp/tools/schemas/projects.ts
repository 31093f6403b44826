// Result shapes of the desktop's project tools (list_project_overview, archive_research, trash_research,
// get_project_timeline, list_decision_history), defined once for the tools and the desktop host's
// contract. Imports zod only: the renderer type-checks it through the contract.
// The value lists repeat the engine's (engine/schemas.ts); test/unit/mcp/wireValues.test.ts keeps them equal.
import { z } from 'zod';

export const CHECKPOINT_KIND_VALUES = ['research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report', 'safety_review', 'change_request'] as const;
export const CheckpointKindSchema = z.enum(CHECKPOINT_KIND_VALUES);
export type CheckpointKind = z.infer<typeof CheckpointKindSchema>;

export const DECISION_ACTION_VALUES = ['approve', 'edit', 'reject'] as const;
export const DecisionActionSchema = z.enum(DECISION_ACTION_VALUES);
export type DecisionAction = z.infer<typeof DecisionActionSchema>;

/** list_project_overview: archived flags and waiting checkpoints per project, and the inbox. */
export const ProjectOverviewSchema = z.object({
  projects: z.array(z.object({ id: z.string(), archived_at: z.string().nullable(), pending_checkpoints: z.number().int() })),
  pending: z.array(z.object({ checkpoint_id: z.string(), research_id: z.string(), kind: CheckpointKindSchema, goal: z.string(), created_at: z.string() })),
  pending_total: z.number().int(),
  trashed: z
    .array(z.object({ research_id: z.string(), goal: z.string(), purge_after: z.string() }))
    .optional()
    .describe('Projects the scientist deleted that can still be restored until purge_after (trash_research). Absent from servers older than the trash.'),
});
export type ProjectOverview = z.infer<typeof ProjectOverviewSchema>;

/** archive_research. */
export const ArchivedSchema = z.object({ research_id: z.string(), archived: z.boolean(), archived_at: z.string().nullable() });

/** trash_research. */
export const TrashedSchema = z.object({
  research_id: z.string(),
  trashed: z.boolean(),
  purge_after: z.string().nullable().describe('When a trashed project is deleted for good; null once restored.'),
});

export const ResearchPlanSchema = z.object({
  goal: z.string(),
  domain: z.string(),
  objectives: z.array(z.string()),
  constraints: z.array(z.string()),
  preferences: z.array(z.string()),
  hypothesis_budget: z.number().int(),
});

const MetaReviewSchema = z.object({
  recurring_critiques: z.array(z.string()),
  feedback_for_generation: z.string(),
  feedback_for_review: z.string(),
  research_overview: z.string(),
});

export const TimelineEntrySchema = z.object({
  source: z.enum(['task', 'checkpoint', 'event']),
  id: z.string(),
  at: z.string(),
  kind: z.string().describe('Task kind (generate, review, compare, evolve, meta_review), checkpoint kind, or event kind (project.updated, …).'),
  status: z.string().nullable(),
  by: z.string().nullable().describe('Task: the reasoner that did it (or the worker holding it); checkpoint: who decided; event: the client.'),
  requested_by: z.string().nullable(),
  finished_at: z.string().nullable(),
  decision: DecisionActionSchema.nullable(),
  note: z.string().nullable(),
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/** get_project_timeline: the project's record and one page of its timeline. */
export const ProjectTimelineSchema = z.object({
  research_id: z.string(),
  stage: z.string(),
  iteration: z.number().int(),
  plan: ResearchPlanSchema,
  meta_review: MetaReviewSchema.nullable(),
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

export const DecisionRecordSchema = z.object({
  checkpoint_id: z.string(),
  research_id: z.string(),
  goal: z.string(),
  kind: CheckpointKindSchema,
  iteration: z.number().int(),
  created_at: z.string(),
  action: DecisionActionSchema,
  note: z.string().nullable(),
  decided_by: z.string(),
  decided_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type DecisionRecord = z.infer<typeof DecisionRecordSchema>;

/** list_decision_history: one page of decided checkpoints, newest decision first. */
export const DecisionHistorySchema = z.object({ decisions: z.array(DecisionRecordSchema), next_cursor: z.string().nullable() });
