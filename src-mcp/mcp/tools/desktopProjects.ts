// Desktop-only project tools: what the scientist's control room needs beyond the assistants' tools
// — the overview behind the project list and the inbox badge, archiving, and a project's timeline.
import { z } from 'zod';
import { setArchived } from '../../engine/humanInput.js';
import { decisionHistory, desktopOverview } from '../../engine/overview.js';
import { loadResearch } from '../../engine/research.js';
import { CHECKPOINT_KINDS } from '../../engine/schemas.js';
import { projectTimeline, TIMELINE_DEFAULT_LIMIT } from '../../engine/timeline.js';
import { projectUri } from '../../engine/changes.js';
import { defineTool } from '../toolkit.js';

const ResearchId = z.string().min(1).describe('Research project id, e.g. "res_3f9a1c0b2d4e".');
/** Far beyond a desktop's project count; keeps one answer bounded. */
const OVERVIEW_LIMIT = 1000;

export const listProjectOverviewTool = defineTool({
  name: 'list_project_overview',
  title: 'Project overview for the app',
  description:
    'For the Co-Scientist desktop app: per research project whether it is archived and how many checkpoints wait for the scientist, plus every pending checkpoint across projects (the inbox and its badge). Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read'],
  desktopOnly: true,
  input: z.object({}),
  output: z.object({
    projects: z.array(z.object({ id: z.string(), archived_at: z.string().nullable(), pending_checkpoints: z.number().int() })),
    pending: z.array(z.object({ checkpoint_id: z.string(), research_id: z.string(), kind: z.enum(CHECKPOINT_KINDS), goal: z.string(), created_at: z.string() })),
    pending_total: z.number().int(),
  }),
  run(_args, ctx) {
    const overview = desktopOverview(ctx.db, OVERVIEW_LIMIT);
    return {
      data: {
        projects: overview.projects.map((p) => ({ id: p.id, archived_at: p.archivedAt, pending_checkpoints: p.pendingCheckpoints })),
        pending: overview.pending.map((c) => ({ checkpoint_id: c.id, research_id: c.projectId, kind: c.kind as (typeof CHECKPOINT_KINDS)[number], goal: c.goal, created_at: c.createdAt })),
        pending_total: overview.pendingTotal,
      },
      markdown: `${overview.projects.length} projects (${overview.projects.filter((p) => p.archivedAt !== null).length} archived); ${overview.pendingTotal} checkpoint(s) waiting for the scientist.`,
    };
  },
});

export const archiveResearchTool = defineTool({
  name: 'archive_research',
  title: 'Archive or restore a project',
  description:
    'Archives a research project (it leaves the main project list but keeps all its data and keeps running if it was) or restores it with archived=false. Reversible; the scientist does it in the Co-Scientist desktop app. Desktop app only.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:write'],
  desktopOnly: true,
  input: z.object({ research_id: ResearchId, archived: z.boolean().describe('true to archive, false to restore.') }),
  output: z.object({ research_id: z.string(), archived: z.boolean(), archived_at: z.string().nullable() }),
  run(args, ctx) {
    const archivedAt = setArchived(ctx.db, { clientId: ctx.clientId, now: () => ctx.now() }, args.research_id, args.archived);
    return {
      target: projectUri(args.research_id),
      data: { research_id: args.research_id, archived: archivedAt !== null, archived_at: archivedAt },
      markdown: archivedAt === null ? `Research project ${args.research_id} is in the main list.` : `Research project ${args.research_id} is archived (since ${archivedAt}).`,
    };
  },
});

const Plan = z.object({
  goal: z.string(),
  domain: z.string(),
  objectives: z.array(z.string()),
  constraints: z.array(z.string()),
  preferences: z.array(z.string()),
  hypothesis_budget: z.number().int(),
});

const MetaReview = z.object({
  recurring_critiques: z.array(z.string()),
  feedback_for_generation: z.string(),
  feedback_for_review: z.string(),
  research_overview: z.string(),
});

const TimelineEntry = z.object({
  source: z.enum(['task', 'checkpoint', 'event']),
  id: z.string(),
  at: z.string(),
  kind: z.string().describe('Task kind (generate, review, compare, evolve, meta_review), checkpoint kind, or event kind (project.updated, …).'),
  status: z.string().nullable(),
  by: z.string().nullable().describe('Task: the reasoner that did it (or the worker holding it); checkpoint: who decided; event: the client.'),
  requested_by: z.string().nullable(),
  finished_at: z.string().nullable(),
  decision: z.enum(['approve', 'edit', 'reject']).nullable(),
  note: z.string().nullable(),
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});

export const getProjectTimelineTool = defineTool({
  name: 'get_project_timeline',
  title: 'Project record and timeline',
  description:
    'For the Co-Scientist desktop app: a project\'s research plan, meta-review feedback and research overview, budget use, checkpoint policy, and its workflow timeline — tasks (what ran, by which reasoner, when), checkpoints (decision, who, when, note) and key events — oldest first, paged with next_cursor. Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read'],
  desktopOnly: true,
  input: z.object({
    research_id: ResearchId,
    cursor: z.string().optional().describe('next_cursor of the previous page.'),
    limit: z.number().int().min(1).max(200).default(TIMELINE_DEFAULT_LIMIT),
  }),
  output: z.object({
    research_id: z.string(),
    stage: z.string(),
    iteration: z.number().int(),
    plan: Plan,
    meta_review: MetaReview.nullable(),
    pause_at: z.array(z.enum(CHECKPOINT_KINDS)),
    reasoning_calls_used: z.number().int(),
    reasoning_call_budget: z.number().int(),
    max_iterations: z.number().int(),
    archived_at: z.string().nullable(),
    stop_reason: z.string().nullable(),
    entries: z.array(TimelineEntry),
    next_cursor: z.string().nullable(),
  }),
  run(args, ctx) {
    const project = loadResearch(ctx.db, args.research_id);
    const page = projectTimeline(ctx.db, project.id, { limit: args.limit, cursor: args.cursor });
    return {
      target: projectUri(project.id),
      data: {
        research_id: project.id,
        stage: project.stage,
        iteration: project.iteration,
        plan: project.plan,
        meta_review: project.metaReview,
        pause_at: project.settings.pauseAt,
        reasoning_calls_used: project.reasoningCallsUsed,
        reasoning_call_budget: project.settings.maxReasoningCalls,
        max_iterations: project.settings.maxIterations,
        archived_at: project.settings.archivedAt ?? null,
        stop_reason: project.stopReason,
        entries: page.entries.map((e) => ({
          source: e.source,
          id: e.id,
          at: e.at,
          kind: e.kind,
          status: e.status,
          by: e.by,
          requested_by: e.requestedBy,
          finished_at: e.finishedAt,
          decision: e.decision,
          note: e.note,
          facts: e.facts,
        })),
        next_cursor: page.nextCursor,
      },
      markdown: [
        `**${project.id}** — stage ${project.stage}, iteration ${project.iteration}; ${project.reasoningCallsUsed}/${project.settings.maxReasoningCalls} reasoning calls used.`,
        ...page.entries.map((e) => `- ${e.at} ${e.source} ${e.kind}${e.status === null ? '' : ` (${e.status})`}${e.by === null ? '' : ` by ${e.by}`}${e.note === null ? '' : `: "${e.note}"`}`),
        page.nextCursor === null ? '' : `More: cursor="${page.nextCursor}".`,
      ].join('\n').trimEnd(),
    };
  },
});

export const listDecisionHistoryTool = defineTool({
  name: 'list_decision_history',
  title: 'Decision history',
  description:
    'For the Co-Scientist desktop app: every decided checkpoint across projects, newest decision first — what was proposed, the decision (approve, edit with the edited content, reject), who decided (the scientist, an allowed assistant, or the project policy) and their note. Paged with next_cursor. Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read'],
  desktopOnly: true,
  input: z.object({ cursor: z.string().optional().describe('next_cursor of the previous page.'), limit: z.number().int().min(1).max(100).default(50) }),
  output: z.object({
    decisions: z.array(
      z.object({
        checkpoint_id: z.string(),
        research_id: z.string(),
        goal: z.string(),
        kind: z.enum(CHECKPOINT_KINDS),
        iteration: z.number().int(),
        created_at: z.string(),
        action: z.enum(['approve', 'edit', 'reject']),
        note: z.string().nullable(),
        decided_by: z.string(),
        decided_at: z.string(),
        payload: z.record(z.string(), z.unknown()),
        data: z.record(z.string(), z.unknown()).nullable(),
      }),
    ),
    next_cursor: z.string().nullable(),
  }),
  run(args, ctx) {
    const page = decisionHistory(ctx.db, { limit: args.limit, cursor: args.cursor });
    const decisions = page.decisions.map((d) => ({
      checkpoint_id: d.id,
      research_id: d.projectId,
      goal: d.goal,
      kind: d.kind as (typeof CHECKPOINT_KINDS)[number],
      iteration: d.iteration,
      created_at: d.createdAt,
      action: d.action as 'approve' | 'edit' | 'reject',
      note: d.note,
      decided_by: d.decidedBy,
      decided_at: d.decidedAt,
      payload: d.payload,
      data: d.data,
    }));
    return {
      data: { decisions, next_cursor: page.nextCursor },
      markdown: decisions.length === 0 ? 'No decisions yet.' : decisions.map((d) => `- ${d.decided_at} ${d.kind} of ${d.research_id}: ${d.action} by ${d.decided_by}${d.note === null ? '' : ` — "${d.note}"`}`).join('\n'),
    };
  },
});

export const DESKTOP_PROJECT_TOOLS = [listProjectOverviewTool, archiveResearchTool, getProjectTimelineTool, listDecisionHistoryTool];
