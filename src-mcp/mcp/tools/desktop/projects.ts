// Desktop-only project tools: what the scientist's control room needs beyond the assistants' tools
// — the overview behind the project list and the inbox badge, archiving, and a project's timeline.
import { z } from 'zod';
import { setArchived } from '../../../engine/humanInput.js';
import { decisionHistory, desktopOverview } from '../../../engine/views/overview.js';
import { loadResearch } from '../../../engine/projectRecord.js';
import type { CheckpointKind } from '../../../engine/schemas.js';
import type { TaskKind } from '../../../engine/types.js';
import { projectTimeline, TIMELINE_DEFAULT_LIMIT } from '../../../engine/views/timeline.js';
import { projectUri } from '../../../engine/changes.js';
import { defineTool } from '../../toolkit.js';
import { ArchivedSchema, DecisionHistorySchema, ProjectOverviewSchema, ProjectTimelineSchema, TrashedSchema } from '../../../../src-shared/schemas/projects.js';
import { listTrash, purgeExpiredTrash, restoreResearch, trashResearch } from '../../../engine/projectTrash.js';

const ResearchId = z.string().min(1).describe('Research project id, e.g. "res_3f9a1c0b2d4e".');
/** Far beyond a desktop's project count; keeps one answer bounded. */
const OVERVIEW_LIMIT = 1000;

export const listProjectOverviewTool = defineTool({
  name: 'list_project_overview',
  title: 'Project overview for the app',
  description:
    'For the Co-Scientist desktop app: per research project whether it is archived, how many checkpoints wait for the scientist and what work is open, plus every pending checkpoint of projects not archived (the inbox and its badge). Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read'],
  desktopOnly: true,
  lab: 'view',
  input: z.object({}),
  output: ProjectOverviewSchema,
  async run(_args, ctx) {
    const overview = await desktopOverview(ctx.db, OVERVIEW_LIMIT);
    const work = new Map<string, typeof overview.openWork>();
    for (const row of overview.openWork) work.set(row.projectId, [...(work.get(row.projectId) ?? []), row]);
    return {
      data: {
        projects: overview.projects.map((p) => ({
          id: p.id,
          archived_at: p.archivedAt,
          pending_checkpoints: p.pendingCheckpoints,
          open_work: (work.get(p.id) ?? []).map((row) => ({ kind: row.kind as TaskKind, count: row.count })),
          last_worker: p.lastReasoner,
        })),
        pending: overview.pending.map((c) => ({ checkpoint_id: c.id, research_id: c.projectId, kind: c.kind as CheckpointKind, goal: c.goal, created_at: c.createdAt })),
        pending_total: overview.pendingTotal,
        trashed: (await listTrash(ctx.db)).map((t) => ({ research_id: t.id, goal: t.goal, purge_after: t.purgeAfter })),
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
  lab: 'principal',
  input: z.object({ research_id: ResearchId, archived: z.boolean().describe('true to archive, false to restore.') }),
  output: ArchivedSchema,
  async run(args, ctx) {
    const archivedAt = await setArchived(ctx.db, { clientId: ctx.clientId, now: () => ctx.now() }, args.research_id, args.archived);
    return {
      target: projectUri(args.research_id),
      data: { research_id: args.research_id, archived: archivedAt !== null, archived_at: archivedAt },
      markdown: archivedAt === null ? `Research project ${args.research_id} is in the main list.` : `Research project ${args.research_id} is archived (since ${archivedAt}).`,
    };
  },
});

export const trashResearchTool = defineTool({
  name: 'trash_research',
  title: 'Delete a project with undo, or restore it',
  description:
    'Deletes a research project the undoable way: it disappears from every list and tool at once but keeps all its data until purge_after (a few seconds), and trashed=false restores it exactly as it was. After purge_after it is deleted for good (manage_research "delete", or the next server start). Desktop app only.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scopes: ['research:write'],
  desktopOnly: true,
  lab: 'principal',
  input: z.object({ research_id: ResearchId, trashed: z.boolean().describe('true to delete (with undo), false to restore.') }),
  output: TrashedSchema,
  async run(args, ctx) {
    const actor = { clientId: ctx.clientId, now: () => ctx.now() };
    // Trash whose window ran out while nobody purged it (the app was closed) goes first.
    await purgeExpiredTrash(ctx.db, actor);
    if (!args.trashed) {
      await restoreResearch(ctx.db, actor, args.research_id);
      return {
        target: projectUri(args.research_id),
        data: { research_id: args.research_id, trashed: false, purge_after: null },
        markdown: `Research project ${args.research_id} is restored.`,
      };
    }
    const state = await trashResearch(ctx.db, actor, args.research_id, ctx.trashUndoWindowMs);
    return {
      target: projectUri(args.research_id),
      data: { research_id: args.research_id, trashed: true, purge_after: state.purgeAfter },
      markdown: `Research project ${args.research_id} is deleted; it can be restored until ${state.purgeAfter}.`,
    };
  },
});

export const getProjectTimelineTool = defineTool({
  name: 'get_project_timeline',
  title: 'Project record and timeline',
  description:
    'For the Co-Scientist desktop app: a project\'s research plan, meta-review feedback and research overview, budget use, checkpoint policy, and its workflow timeline — tasks (what ran, by which reasoner, when), checkpoints (decision, who, when, note) and key events — oldest first, paged with next_cursor. Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['research:read'],
  desktopOnly: true,
  lab: 'view',
  input: z.object({
    research_id: ResearchId,
    cursor: z.string().optional().describe('next_cursor of the previous page.'),
    limit: z.number().int().min(1).max(200).default(TIMELINE_DEFAULT_LIMIT),
  }),
  output: ProjectTimelineSchema,
  async run(args, ctx) {
    const project = await loadResearch(ctx.db, args.research_id);
    const page = await projectTimeline(ctx.db, project.id, { limit: args.limit, cursor: args.cursor });
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
  lab: 'view',
  input: z.object({ cursor: z.string().optional().describe('next_cursor of the previous page.'), limit: z.number().int().min(1).max(100).default(50) }),
  output: DecisionHistorySchema,
  async run(args, ctx) {
    const page = await decisionHistory(ctx.db, { limit: args.limit, cursor: args.cursor });
    const decisions = page.decisions.map((d) => ({
      checkpoint_id: d.id,
      research_id: d.projectId,
      goal: d.goal,
      kind: d.kind as CheckpointKind,
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

export const DESKTOP_PROJECT_TOOLS = [listProjectOverviewTool, archiveResearchTool, trashResearchTool, getProjectTimelineTool, listDecisionHistoryTool];
