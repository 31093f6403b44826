// The project routes of the host ⇄ renderer contract: the project list, a project's status and a
// new project (handlers: src-main/host/projects.handlers.ts). The other project actions the control
// room offers are research routes (research.ts); the results export is exports.ts's.
import { z } from 'zod';
import { CheckpointKindSchema } from '../schemas/projects.js';

export const ProjectStatusSchema = z.enum(['initializing', 'active', 'paused', 'completed']);
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>;

export const ProjectSummarySchema = z.object({
  id: z.string(),
  goal: z.string(),
  domain: z.string(),
  status: ProjectStatusSchema,
  progress: z.number(),
  hypothesis_count: z.number().int(),
  created_at: z.string(),
  last_updated: z.string(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const TopHypothesisSchema = z.object({
  id: z.string(),
  summary: z.string(),
  elo_score: z.number(),
  status: z.string(),
});

export const ResearchStatusSchema = z.object({
  research_id: z.string(),
  goal: z.string(),
  domain: z.string(),
  status: ProjectStatusSchema,
  progress: z.number(),
  hypothesis_count: z.number().int(),
  hypotheses_generated: z.number().int(),
  hypotheses_reviewed: z.number().int(),
  hypotheses_in_tournament: z.number().int(),
  top_hypothesis: TopHypothesisSchema.nullable(),
  /** Where the workflow stands and why it stopped: what the project view says happened and what the scientist can do. */
  stage: z.enum(['plan', 'generate', 'review', 'rank', 'evolve', 'report', 'done']),
  iteration: z.number().int(),
  matches: z.number().int(),
  stop_reason: z.string().nullable(),
  reasoning_calls_used: z.number().int(),
  reasoning_call_budget: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  last_update: z.string(),
  estimated_completion_minutes: z.number().int().nullable(),
});
export type ResearchStatus = z.infer<typeof ResearchStatusSchema>;

export const StartResearchInputSchema = z.object({
  goal: z.string(),
  domain: z.string().optional(),
  hypothesis_count: z.number().int().optional(),
  /** The scientist's own research plan (New research): the server checks each item's length. */
  objectives: z.array(z.string()).optional(),
  constraints: z.array(z.string()).optional(),
  preferences: z.array(z.string()).optional(),
  /** Checkpoint kinds the new project pauses at (the app passes the scientist's default policy). */
  pause_at: z.array(CheckpointKindSchema).optional(),
});

export const StartResearchResultSchema = z.object({
  research_id: z.string(),
  goal: z.string(),
  domain: z.string(),
  domain_inferred: z.boolean(),
  status: ProjectStatusSchema,
  hypothesis_count: z.number().int(),
  estimated_time_hours: z.number(),
  created_at: z.string(),
});
export type StartResearchResult = z.infer<typeof StartResearchResultSchema>;

export const projectRoutes = {
  'projects.list': {
    input: z.object({ status: ProjectStatusSchema.optional() }).strict(),
    output: z.object({ projects: z.array(ProjectSummarySchema), total: z.number().int() }),
  },
  'projects.status': {
    input: z.object({ research_id: z.string().min(1) }).strict(),
    output: ResearchStatusSchema,
  },
  'projects.start': { input: StartResearchInputSchema.strict(), output: StartResearchResultSchema },
} as const;
