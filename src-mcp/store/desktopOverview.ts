// Named statements for the desktop app's overview: which projects are archived, how many
// checkpoints wait in each, and the pending checkpoints across all projects (the inbox badge).
import { perEngine, type Dialect } from './dialect.js';
import type { Db } from './database.js';
import { fromJson } from './json.js';
import { notTrashed } from './projectTrash.js';
import { rows, scalar } from './sql.js';

export interface ProjectFlagsRow {
  id: string;
  /** From the project's settings JSON; null when not archived. */
  archivedAt: string | null;
  pendingCheckpoints: number;
  /** Who finished the project's latest work item (`delegated:claude-desktop`, `provider:…`), or null before any. */
  lastReasoner: string | null;
}

// The latest reasoner: NULLS LAST because PostgreSQL sorts NULL first when descending, SQLite last.
// Both reads over tasks step through an index of their own (migration 0018): a project's finished
// work grows with it, and the app reads this overview again whenever research changes.
export const PROJECT_FLAGS = perEngine(
  (d) => `SELECT p.id AS id, ${d.jsonText('p.settings', 'archivedAt')} AS archived_at,
                 (SELECT COUNT(*) FROM checkpoints c WHERE c.project_id = p.id AND c.status = 'pending') AS pending,
                 (SELECT t.reasoner FROM tasks t WHERE t.project_id = p.id AND t.reasoner IS NOT NULL ORDER BY t.completed_at DESC NULLS LAST LIMIT 1) AS last_reasoner
            FROM projects p
           WHERE ${notTrashed(d, 'p')}
           ORDER BY p.created_at DESC, p.id DESC
           LIMIT ?`,
);

export async function projectFlags(db: Db, limit: number): Promise<ProjectFlagsRow[]> {
  const raws = await rows<{ id: string; archived_at: unknown; pending: number; last_reasoner: string | null }>(db, PROJECT_FLAGS, [limit]);
  return raws.map((raw) => ({
    id: raw.id,
    archivedAt: typeof raw.archived_at === 'string' ? raw.archived_at : null,
    pendingCheckpoints: raw.pending,
    lastReasoner: raw.last_reasoner,
  }));
}

export interface PendingCheckpointRow {
  id: string;
  projectId: string;
  kind: string;
  createdAt: string;
  goal: string;
}

/**
 * SQL condition: the project row aliased `alias` is not archived. Archived projects' checkpoints are
 * not counted in the inbox nor its badge, nor listed to assistants by default (issue 18 item 4):
 * the scientist put them away.
 */
export function notArchived(dialect: Dialect, alias = 'p'): string {
  return `${dialect.jsonText(`${alias}.settings`, 'archivedAt')} IS NULL`;
}

const PENDING_EVERYWHERE = perEngine(
  (d) => `SELECT c.id AS id, c.project_id AS projectId, c.kind AS kind, c.created_at AS createdAt, p.goal AS goal
            FROM checkpoints c JOIN projects p ON p.id = c.project_id
           WHERE c.status = 'pending' AND ${notArchived(d)} AND ${notTrashed(d, 'p')}
           ORDER BY c.created_at, c.id
           LIMIT ?`,
);

/** Pending checkpoints of every project not archived, oldest first (the order a scientist should work through them). */
export async function pendingCheckpointsEverywhere(db: Db, limit: number): Promise<PendingCheckpointRow[]> {
  return rows<PendingCheckpointRow>(db, PENDING_EVERYWHERE, [limit]);
}

const PENDING_COUNT = perEngine(
  (d) => `SELECT COUNT(*) AS n FROM checkpoints c JOIN projects p ON p.id = c.project_id
           WHERE c.status = 'pending' AND ${notArchived(d)} AND ${notTrashed(d, 'p')}`,
);

export async function countPendingCheckpoints(db: Db): Promise<number> {
  return (await scalar<number>(db, PENDING_COUNT)) ?? 0;
}

export interface OpenWorkRow {
  projectId: string;
  kind: string;
  count: number;
}

export const OPEN_WORK = `SELECT t.project_id AS projectId, t.kind AS kind, COUNT(*) AS count
                     FROM tasks t
                    WHERE t.status IN ('queued', 'leased')
                    GROUP BY t.project_id, t.kind
                    ORDER BY t.project_id, t.kind`;

/** Work items queued or leased, per project and kind: what a project waits for when no checkpoint does. */
export async function openWorkByProject(db: Db): Promise<OpenWorkRow[]> {
  return rows<OpenWorkRow>(db, OPEN_WORK);
}
export interface DecisionRow {
  id: string;
  projectId: string;
  goal: string;
  kind: string;
  iteration: number;
  createdAt: string;
  action: string;
  note: string | null;
  decidedBy: string;
  decidedAt: string;
  payload: Record<string, unknown>;
  data: Record<string, unknown> | null;
}

const DECISIONS = perEngine(
  (d) => `SELECT c.id, c.project_id, p.goal, c.kind, c.iteration, c.created_at, c.decision_action, c.decision_note, c.decided_by,
                 c.decided_at, c.payload, c.decision_data
            FROM checkpoints c JOIN projects p ON p.id = c.project_id
           WHERE c.status = 'decided' AND c.decision_action IS NOT NULL AND ${notTrashed(d, 'p')}
             AND (CAST(@beforeAt AS TEXT) IS NULL OR c.decided_at < @beforeAt OR (c.decided_at = @beforeAt AND c.id < @beforeId))
           ORDER BY c.decided_at DESC NULLS LAST, c.id DESC
           LIMIT @limit`,
);

interface RawDecision {
  id: string; project_id: string; goal: string; kind: string; iteration: number; created_at: string; decision_action: string;
  decision_note: string | null; decided_by: string | null; decided_at: string | null; payload: string; decision_data: string | null;
}

/** Decided checkpoints of every project (withdrawn ones, which carry no decision, left out), newest decision first, after the position `before` (exclusive). */
export async function decisionsNewestFirst(db: Db, query: { limit: number; before?: { decidedAt: string; id: string } | undefined }): Promise<DecisionRow[]> {
  const raws = await rows<RawDecision>(db, DECISIONS, { beforeAt: query.before?.decidedAt ?? null, beforeId: query.before?.id ?? null, limit: query.limit });
  return raws.map((raw) => ({
    id: raw.id,
    projectId: raw.project_id,
    goal: raw.goal,
    kind: raw.kind,
    iteration: raw.iteration,
    createdAt: raw.created_at,
    action: raw.decision_action,
    note: raw.decision_note,
    decidedBy: raw.decided_by ?? 'unknown',
    decidedAt: raw.decided_at ?? raw.created_at,
    payload: fromJson(raw.payload, {}),
    data: fromJson(raw.decision_data, null),
  }));
}
