// Research management tools (docs/seed-mapping.md, seed 000 "Research Management Tools").
import { z } from 'zod';
import {
  DEFAULT_HYPOTHESIS_BUDGET,
  GOAL_MAX_CHARS,
  GOAL_MIN_CHARS,
  MAX_HYPOTHESIS_BUDGET,
  estimatedHours,
  listResearch,
  projectUri,
  projectStatusWithUsage,
  startResearch,
} from '../../../engine/projects.js';
import type { ProjectRow } from '../../../store/projects.js';
import { pendingCheckpointsOf } from '../../../engine/workflow/checkpoints.js';
import { CHECKPOINT_KINDS, listedStatus } from '../../../engine/schemas.js';
import { DEFAULT_PAUSE_AT, REASONER_KINDS } from '../../../engine/projectRecord.js';
import { DomainError } from '../../../engine/errors.js';
import { DESKTOP_CLIENT } from '../../access/identity.js';
import { defineTool } from '../../toolkit.js';
import { ReasoningUsageSchema, reasoningMarkdown, reasoningUsage, setReasonerOrder } from '../desktop/providers.js';
import { liveAmong, workersHeardSince } from '../../../reasoners/routing.js';
import { percent, projectLine } from '../../resources/projectMarkdown.js';

const ProjectStatus = z.enum(['initializing', 'active', 'paused', 'completed']);
const ResearchId = z
  .string()
  .min(1)
  .describe('Project id, e.g. "res_3f9a1c0b2d4e".');

export const startResearchTool = defineTool({
  name: 'start_research',
  expensive: true,
  title: 'Start a research project',
  description: [
    'Start a research project from a goal: hypotheses are generated, reviewed, ranked in a pairwise tournament and evolved, the scientist approving each stage in the Co-Scientist app.',
    'Write the goal as a specific scientific objective ("Find novel therapeutic targets for liver fibrosis"), naming the organism, system or disease when known. Returns the research_id at once. Check list_research_projects first; never call again to "retry" an existing project.',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scopes: ['research:write'],
  input: z.object({
    goal: z
      .string()
      .describe(`Research objective in natural language (${GOAL_MIN_CHARS}-${GOAL_MAX_CHARS} characters), e.g. "Find novel therapeutic targets for liver fibrosis".`),
    domain: z
      .string()
      .max(100)
      .optional()
      .describe('e.g. "biology"; omit to infer it from the goal.'),
    hypothesis_count: z
      .number()
      .int()
      .min(1)
      .max(MAX_HYPOTHESIS_BUDGET)
      .optional()
      .describe(`How many hypotheses to generate in total (default ${DEFAULT_HYPOTHESIS_BUDGET}, max ${MAX_HYPOTHESIS_BUDGET}).`),
    objectives: z.array(z.string().min(5).max(1000)).max(10).optional().describe('If the user stated them (default: the goal).'),
    constraints: z.array(z.string().min(3).max(1000)).max(15).optional().describe('e.g. "testable in mouse models within 6 months".'),
    preferences: z.array(z.string().min(3).max(1000)).max(15).optional().describe('e.g. "favour repurposable approved drugs".'),
    pause_at: z
      .array(z.enum(CHECKPOINT_KINDS))
      .max(CHECKPOINT_KINDS.length)
      .optional()
      .describe('Checkpoints where the workflow waits for the scientist (default: plan, batches, evolution plan, final report; safety_review always pauses). Only if the user asked.'),
    reasoner_order: z
      .array(z.enum(REASONER_KINDS))
      .min(1)
      .max(REASONER_KINDS.length)
      .optional()
      .describe('Who reasons, by preference (default ["provider", "delegated"]): provider = an LLM API set up in the app; sampling = your client\'s model via MCP sampling (may ask the user per request); delegated = you, via continue_research. Only if the user asked.'),
    ranking_stop_threshold: z
      .number()
      .min(0)
      .max(10)
      .optional()
      .describe('Stop comparing once at most this many top-k members are expected to change (default 1; 0 = only when certified). Only if the scientist chose one.'),
  }),
  output: z.object({
    research_id: z.string(),
    goal: z.string(),
    domain: z.string(),
    domain_inferred: z.boolean(),
    status: ProjectStatus,
    hypothesis_count: z.number().int(),
    estimated_time_hours: z.number(),
    created_at: z.string(),
    next_step: z.string().describe('What happens next: usually the research plan waits for the scientist\'s approval.'),
  }),
  async run(args, ctx) {
    assertMayChoosePauses(ctx.clientId, args.pause_at);
    const project = await startResearch(ctx.db, { clientId: ctx.clientId, now: () => ctx.now() }, {
      goal: args.goal,
      domain: args.domain,
      hypothesisCount: args.hypothesis_count,
      objectives: args.objectives,
      constraints: args.constraints,
      preferences: args.preferences,
      pauseAt: args.pause_at === undefined ? undefined : [...new Set(args.pause_at)],
      rankingStopThreshold: args.ranking_stop_threshold,
    });
    if (args.reasoner_order !== undefined) await setReasonerOrder(ctx, project.id, args.reasoner_order);
    const pending = await pendingCheckpointsOf(ctx.db, project.id);
    const safety = pending.find((c) => c.kind === 'safety_review');
    const nextStep = safety !== undefined
      ? `The goal was flagged by the safety screen (${((safety.payload.reasons as string[] | undefined) ?? []).join('; ')}). It is held for a safety review (checkpoint ${safety.id}) that only the scientist can decide, in the Co-Scientist desktop app. Tell the user; nothing else happens until they decide.`
      : pending.length > 0
        ? `The ${pending.map((c) => c.kind.replace('_', ' ')).join(' and ')} waits for the scientist's decision in the Co-Scientist app (checkpoint ${pending.map((c) => c.id).join(', ')}). Then call continue_research(research_id="${project.id}").`
        : `Call continue_research(research_id="${project.id}") for the first work item.`;
    const hours = estimatedHours(project.hypothesisBudget);
    return {
      target: projectUri(project.id),
      data: {
        research_id: project.id,
        goal: project.goal,
        domain: project.domain,
        domain_inferred: project.domainInferred,
        status: project.status,
        hypothesis_count: project.hypothesisBudget,
        estimated_time_hours: hours,
        created_at: project.createdAt,
        next_step: nextStep,
      },
      markdown: [
        `Started research project **${project.id}** (${project.status}).`,
        `- Goal: ${project.goal}`,
        `- Domain: ${project.domain}${project.domainInferred ? ' (inferred)' : ''}`,
        `- Hypotheses planned: ${project.hypothesisBudget}; estimated time ≈ ${hours} h`,
        nextStep,
      ].join('\n'),
    };
  },
});

/**
 * Skipping a checkpoint approves it without the scientist, so only the desktop app (the scientist's
 * own client) may drop kinds from the default; an assistant may only ask for the default or more.
 */
function assertMayChoosePauses(clientId: string, pauseAt: readonly string[] | undefined): void {
  if (pauseAt === undefined || clientId === DESKTOP_CLIENT) return;
  const skipped = DEFAULT_PAUSE_AT.filter((kind) => !pauseAt.includes(kind));
  if (skipped.length > 0) {
    throw new DomainError(
      'insufficient_permissions',
      `Only the scientist can start a project that skips checkpoints (${skipped.join(', ')}); they set that in the Co-Scientist app. Omit pause_at to use the default.`,
      { field: 'pause_at', skipped },
    );
  }
}

const ProjectSummary = z.object({
  id: z.string(),
  goal: z.string(),
  domain: z.string(),
  status: ProjectStatus,
  progress: z.number(),
  hypothesis_count: z.number().int(),
  created_at: z.string(),
  last_updated: z.string(),
});

function summary(project: ProjectRow): z.input<typeof ProjectSummary> {
  return {
    id: project.id,
    goal: project.goal,
    domain: project.domain,
    status: project.status,
    progress: project.progress,
    hypothesis_count: project.hypothesisBudget,
    created_at: project.createdAt,
    last_updated: project.updatedAt,
  };
}

export const listResearchProjectsTool = defineTool({
  name: 'list_research_projects',
  title: 'List research projects',
  description: [
    'The research projects on this machine, newest first, with status and progress: find the research_id the user means ("my fibrosis project") here. Paged: pass next_cursor as `cursor`.',
  ].join('\n\n'),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read'],
  input: z.object({
    status: ProjectStatus.optional().describe('Only projects in this state.'),
    limit: z.number().int().min(1).max(100).default(20).describe('Page size, 1-100 (default 20).'),
    cursor: z.string().optional().describe('next_cursor from a previous call, to continue the listing.'),
  }),
  output: z.object({
    projects: z.array(ProjectSummary),
    total: z.number().int().describe('How many projects match the filter, across all pages.'),
    next_cursor: z.string().nullable(),
  }),
  async run(args, ctx) {
    const page = await listResearch(ctx.db, { status: args.status, limit: args.limit, cursor: args.cursor });
    const lines =
      page.projects.length === 0
        ? [args.status === undefined ? 'No research projects yet. Start one with start_research.' : `No ${args.status} research projects.`]
        : [`${page.total} research project${page.total === 1 ? '' : 's'}${args.status === undefined ? '' : ` (${args.status})`}:`, ...page.projects.map(projectLine)];
    if (page.nextCursor !== null) lines.push(`More: call again with cursor="${page.nextCursor}".`);
    return {
      data: { projects: page.projects.map(summary), total: page.total, next_cursor: page.nextCursor },
      markdown: lines.join('\n'),
    };
  },
});

export const getResearchStatusTool = defineTool({
  name: 'get_research_status',
  title: 'Get research status',
  description: [
    'One project\'s state, progress (0-1), hypothesis counts, top hypothesis and time left. Resumes a project in a new conversation; polling faster than every few seconds gains nothing.',
  ].join('\n\n'),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read'],
  oneStatementRead: true,
  input: z.object({ research_id: ResearchId }),
  output: z.object({
    research_id: z.string(),
    goal: z.string(),
    domain: z.string(),
    status: ProjectStatus,
    stage: z.enum(['plan', 'generate', 'review', 'rank', 'evolve', 'report', 'done']),
    iteration: z.number().int(),
    workflow_step: z.number().int().describe('Decisions applied so far.'),
    progress: z.number(),
    hypothesis_count: z.number().int().describe('Hypotheses planned for this project (its budget).'),
    hypotheses_generated: z.number().int(),
    hypotheses_reviewed: z.number().int(),
    hypotheses_in_tournament: z.number().int(),
    hypotheses_rejected: z.number().int(),
    matches: z.number().int(),
    top_hypothesis: z
      .object({ id: z.string(), summary: z.string(), elo_score: z.number(), status: z.string() })
      .nullable(),
    pending_checkpoints: z.array(z.object({ checkpoint_id: z.string(), kind: z.string() })),
    is_complete: z.boolean().describe('The project is completed.'),
    has_pending_checkpoint: z.boolean().describe('Something waits for the scientist.'),
    current_checkpoint_kind: z.string().nullable().describe('The kind of the oldest pending checkpoint, or null.'),
    reasoning_calls_used: z.number().int(),
    reasoning_call_budget: z.number().int(),
    stop_reason: z.string().nullable(),
    created_by: z.string(),
    created_at: z.string(),
    last_update: z.string(),
    estimated_completion_minutes: z.number().int().nullable(),
    reasoning: ReasoningUsageSchema.describe('Who does the thinking and what it used: calls, tokens and estimated cost per role.'),
  }),
  async run(args, ctx) {
    // The status, the usage and the recent background workers in one statement (on PostgreSQL one round trip).
    const view = await projectStatusWithUsage(ctx.db, args.research_id, 1, workersHeardSince(ctx.now()));
    const reasoning = reasoningUsage(view.project, view.usage, liveAmong(view.recentWorkers, ctx.ownerAlive));
    const { project } = view;
    const top = view.topHypotheses[0];
    return {
      target: projectUri(project.id),
      data: {
        research_id: project.id,
        goal: project.goal,
        domain: project.domain,
        status: project.status,
        stage: project.stage,
        iteration: project.iteration,
        workflow_step: project.workflowStep,
        progress: project.progress,
        hypothesis_count: project.hypothesisBudget,
        hypotheses_generated: view.hypothesesGenerated,
        hypotheses_reviewed: view.hypothesesReviewed,
        hypotheses_in_tournament: view.hypothesesInTournament,
        hypotheses_rejected: view.hypothesesRejected,
        matches: view.matches,
        top_hypothesis: top === undefined ? null : { id: top.id, summary: top.summary, elo_score: Math.round(top.elo * 10) / 10, status: listedStatus(top.status) },
        pending_checkpoints: view.pendingCheckpoints.map((c) => ({ checkpoint_id: c.id, kind: c.kind })),
        is_complete: project.status === 'completed',
        has_pending_checkpoint: view.pendingCheckpoints.length > 0,
        current_checkpoint_kind: view.pendingCheckpoints[0]?.kind ?? null,
        reasoning_calls_used: project.reasoningCallsUsed,
        reasoning_call_budget: project.settings.maxReasoningCalls,
        stop_reason: project.stopReason,
        created_by: project.createdBy,
        created_at: project.createdAt,
        last_update: project.updatedAt,
        estimated_completion_minutes: view.estimatedCompletionMinutes,
        reasoning,
      },
      markdown: [
        `**${project.id}** — ${project.goal}`,
        `- Status: ${project.status}, stage ${project.stage} (iteration ${project.iteration}), ${percent(project.progress)}`,
        `- Hypotheses: ${view.hypothesesGenerated} generated (budget ${project.hypothesisBudget}), ${view.hypothesesReviewed} reviewed, ${view.hypothesesInTournament} in tournament, ${view.hypothesesRejected} rejected; ${view.matches} matches`,
        `- Top hypothesis: ${top === undefined ? 'none yet' : `${top.id} (Elo ${Math.round(top.elo)}) — ${top.summary}`}`,
        view.pendingCheckpoints.length > 0 ? `- Waiting for the scientist: ${view.pendingCheckpoints.map((c) => `${c.kind} (${c.id})`).join(', ')}` : '- Nothing waits for the scientist',
        `- Reasoning calls: ${project.reasoningCallsUsed}/${project.settings.maxReasoningCalls}${project.stopReason === null ? '' : `; stopped: ${project.stopReason}`}`,
        reasoningMarkdown(reasoning),
        `- Last update: ${project.updatedAt}`,
      ].join('\n'),
    };
  },
});

export const RESEARCH_TOOLS = [startResearchTool, listResearchProjectsTool, getResearchStatusTool];
