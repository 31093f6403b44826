// Named statements for the desktop app's overview: which projects are archived, how many
// checkpoints wait in each, and the pending checkpoints across all projects (the inbox badge).
import { dialectOf } from './dialect.js';
import type { Db } from './database.js';
import { fromJson } from './json.js';
import { notTrashed } from './projectTrash.js';
import { sqlite } from './handle.js';
import { onConnection } from './unitOfWork.js';

export interface ProjectFlagsRow {
  id: string;
  /** From the project's settings JSON; null when not archived. */
  archivedAt: string | null;
  pendingCheckpoints: number;
  /** Who finished the project's latest work item (`delegated:claude-desktop`, `provider:…`), or null before any. */
  lastReasoner: string | null;
}

export function projectFlags(db: Db, limit: number): Promise<ProjectFlagsRow[]> {
  return onConnection(db, () => {
    const raws = sqlite(db)
      .prepare(
        `SELECT p.id AS id, json_extract(p.settings, '$.archivedAt') AS archived_at,
                (SELECT COUNT(*) FROM checkpoints c WHERE c.project_id = p.id AND c.status = 'pending') AS pending,
                (SELECT d.reasoner FROM tasks d WHERE d.project_id = p.id AND d.reasoner IS NOT NULL ORDER BY d.completed_at DESC LIMIT 1) AS last_reasoner
           FROM projects p
          WHERE ${notTrashed(dialectOf(db), 'p')}
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT ?`,
      )
      .all(limit) as Array<{ id: string; archived_at: unknown; pending: number; last_reasoner: string | null }>;
    return raws.map((raw) => ({
      id: raw.id,
      archivedAt: typeof raw.archived_at === 'string' ? raw.archived_at : null,
      pendingCheckpoints: raw.pending,
      lastReasoner: raw.last_reasoner,
    }));
  });
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
export function notArchived(alias = 'p'): string {
  return `json_extract(${alias}.settings, '$.archivedAt') IS NULL`;
}
const NOT_ARCHIVED = notArchived();

/** Pending checkpoints of every project not archived, oldest first (the order a scientist should work through them). */
export function pendingCheckpointsEverywhere(db: Db, limit: number): Promise<PendingCheckpointRow[]> {
  return onConnection(db, () => {
    return sqlite(db)
      .prepare(
        `SELECT c.id AS id, c.project_id AS projectId, c.kind AS kind, c.created_at AS createdAt, p.goal AS goal
           FROM checkpoints c JOIN projects p ON p.id = c.project_id
          WHERE c.status = 'pending' AND ${NOT_ARCHIVED} AND ${notTrashed(dialectOf(db), 'p')}
          ORDER BY c.created_at, c.id
          LIMIT ?`,
      )
      .all(limit) as PendingCheckpointRow[];
  });
}

export function countPendingCheckpoints(db: Db): Promise<number> {
  return onConnection(db, () => {
    return (sqlite(db).prepare(`SELECT COUNT(*) AS n FROM checkpoints c JOIN projects p ON p.id = c.project_id WHERE c.status = 'pending' AND ${NOT_ARCHIVED} AND ${notTrashed(dialectOf(db), 'p')}`).get() as { n: number }).n;
  });
}

export interface OpenWorkRow {
  projectId: string;
  kind: string;
  count: number;
}

/** Work items queued or leased, per project and kind: what a project waits for when no checkpoint does. */
export function openWorkByProject(db: Db): Promise<OpenWorkRow[]> {
  return onConnection(db, () => {
    return sqlite(db)
      .prepare(
        `SELECT t.project_id AS projectId, t.kind AS kind, COUNT(*) AS count
           FROM tasks t
          WHERE t.status IN ('queued', 'leased')
          GROUP BY t.project_id, t.kind
          ORDER BY t.project_id, t.kind`,
      )
      .all() as OpenWorkRow[];
  });
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

/** Decided checkpoints of every project (withdrawn ones, which carry no decision, left out), newest decision first, after the position `before` (exclusive). */
export function decisionsNewestFirst(db: Db, query: { limit: number; before?: { decidedAt: string; id: string } | undefined }): Promise<DecisionRow[]> {
  return onConnection(db, () => {
    const raws = sqlite(db)
      .prepare(
        `SELECT c.id, c.project_id, p.goal, c.kind, c.iteration, c.created_at, c.decision_action, c.decision_note, c.decided_by,
                c.decided_at, c.payload, c.decision_data
           FROM checkpoints c JOIN projects p ON p.id = c.project_id
          WHERE c.status = 'decided' AND c.decision_action IS NOT NULL AND ${notTrashed(dialectOf(db), 'p')}
            AND (@beforeAt IS NULL OR c.decided_at < @beforeAt OR (c.decided_at = @beforeAt AND c.id < @beforeId))
          ORDER BY c.decided_at DESC, c.id DESC
          LIMIT @limit`,
      )
      .all({ beforeAt: query.before?.decidedAt ?? null, beforeId: query.before?.id ?? null, limit: query.limit }) as Array<{
      id: string; project_id: string; goal: string; kind: string; iteration: number; created_at: string; decision_action: string;
      decision_note: string | null; decided_by: string | null; decided_at: string | null; payload: string; decision_data: string | null;
    }>;
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
  });
}
