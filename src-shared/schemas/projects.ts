// Result shapes of the desktop's project tools (list_project_overview, archive_research, trash_research,
// get_project_timeline, list_decision_history), defined once for the tools and the desktop host's
// contract. Imports zod only: the renderer type-checks it through the contract. The engine's value
// lists (engine/schemas.ts) are these.
import { z } from 'zod';
import { Text } from './text.js';

export const CHECKPOINT_KIND_VALUES = ['research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report', 'safety_review', 'change_request'] as const;
export const CheckpointKindSchema = z.enum(CHECKPOINT_KIND_VALUES);
export type CheckpointKind = z.infer<typeof CheckpointKindSchema>;

export const DECISION_ACTION_VALUES = ['approve', 'edit', 'reject'] as const;
export const DecisionActionSchema = z.enum(DECISION_ACTION_VALUES);
export type DecisionAction = z.infer<typeof DecisionActionSchema>;

/** list_project_overview: archived flags, waiting checkpoints and open work per project, and the inbox (archived projects left out). */
export const ProjectOverviewSchema = z.object({
  projects: z.array(
    z.object({
      id: z.string(),
      archived_at: z.string().nullable(),
      pending_checkpoints: z.number().int(),
      /** Work items queued or leased, per kind: what the project waits for when no checkpoint does. */
      open_work: z.array(z.object({ kind: z.enum(['generate', 'review', 'compare', 'evolve', 'meta_review']), count: z.number().int() })),
      /** Who finished its latest work item (`delegated:<client>`, `sampling:<client>`, `provider:<name>`), or null. */
      last_worker: z.string().nullable(),
    }),
  ),
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

/** A research plan: what a research_plan checkpoint proposes and a decision may edit; the engine validates with it too. */
export const ResearchPlanSchema = z.object({
  goal: Text(10, 2000, 'goal'),
  domain: Text(2, 100, 'domain'),
  objectives: z.array(Text(5, 1000, 'objective')).min(1).max(10),
  constraints: z.array(Text(3, 1000, 'constraint')).max(15).default([]),
  preferences: z.array(Text(3, 1000, 'preference')).max(15).default([]),
  hypothesis_budget: z.number().int().min(1).max(100),
});
export type ResearchPlan = z.infer<typeof ResearchPlanSchema>;

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
