// Named statements for workflow checkpoints and their decisions.
import { dialectOf } from './dialect.js';
import type { Db } from './database.js';
import { cached, cachedPluck } from './statements.js';
import { notTrashed } from './projectTrash.js';
import { notArchived } from './desktopOverview.js';
import { fromJson, toJson } from './json.js';
import { sqlite } from './handle.js';
import { onConnection } from './unitOfWork.js';

export interface CheckpointRow {
  id: string;
  projectId: string;
  kind: string;
  payload: Record<string, unknown>;
  iteration: number;
  status: 'pending' | 'decided';
  createdAt: string;
  decisionId: string | null;
  decisionAction: string | null;
  decisionData: Record<string, unknown> | null;
  decisionNote: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
}

interface Raw {
  id: string; project_id: string; kind: string; payload: string; iteration: number; status: 'pending' | 'decided';
  created_at: string; decision_id: string | null; decision_action: string | null; decision_data: string | null;
  decision_note: string | null; decided_by: string | null; decided_at: string | null;
}

function fromRaw(raw: Raw): CheckpointRow {
  return {
    id: raw.id,
    projectId: raw.project_id,
    kind: raw.kind,
    payload: fromJson(raw.payload, {}),
    iteration: raw.iteration,
    status: raw.status,
    createdAt: raw.created_at,
    decisionId: raw.decision_id,
    decisionAction: raw.decision_action,
    decisionData: fromJson(raw.decision_data, null),
    decisionNote: raw.decision_note,
    decidedBy: raw.decided_by,
    decidedAt: raw.decided_at,
  };
}

export function insertCheckpoint(
  db: Db,
  checkpoint: { id: string; projectId: string; kind: string; payload: Record<string, unknown>; iteration: number; createdAt: string },
): Promise<void> {
  return onConnection(db, () => {
    cached(
      db,
      `INSERT INTO checkpoints (id, project_id, kind, payload, iteration, status, created_at)
       VALUES (@id, @projectId, @kind, @payload, @iteration, 'pending', @createdAt)`,
    ).run({ ...checkpoint, payload: toJson(checkpoint.payload) });
  }, 'writes');
}

export function findCheckpoint(db: Db, id: string): Promise<CheckpointRow | undefined> {
  return onConnection(db, () => {
    const raw = cached(db, 'SELECT * FROM checkpoints WHERE id = ?').get(id) as Raw | undefined;
    return raw === undefined ? undefined : fromRaw(raw);
  });
}

export function findCheckpointByDecision(db: Db, decisionId: string): Promise<CheckpointRow | undefined> {
  return onConnection(db, () => {
    const raw = cached(db, 'SELECT * FROM checkpoints WHERE decision_id = ?').get(decisionId) as Raw | undefined;
    return raw === undefined ? undefined : fromRaw(raw);
  });
}

export function listCheckpoints(
  db: Db,
  query: {
    projectId?: string | undefined;
    status?: 'pending' | 'decided' | undefined;
    limit: number;
    afterCreated?: string | undefined;
    afterId?: string | undefined;
    /** Leave out projects the scientist archived (by default all are listed). */
    excludeArchived?: boolean | undefined;
  },
): Promise<CheckpointRow[]> {
  return onConnection(db, () => {
    const raws = cached(
      db,
      `SELECT * FROM checkpoints WHERE (@projectId IS NULL OR project_id = @projectId) AND (@status IS NULL OR status = @status)
         AND EXISTS (SELECT 1 FROM projects p WHERE p.id = checkpoints.project_id AND ${notTrashed(dialectOf(db), 'p')} AND (@excludeArchived = 0 OR ${notArchived('p')}))
         AND (@afterCreated IS NULL OR created_at > @afterCreated OR (created_at = @afterCreated AND id > @afterId))
       ORDER BY created_at, id LIMIT @limit`,
    ).all({
        projectId: query.projectId ?? null,
        status: query.status ?? null,
        afterCreated: query.afterCreated ?? null,
        afterId: query.afterId ?? null,
        limit: query.limit,
        excludeArchived: query.excludeArchived === true ? 1 : 0,
      }) as Raw[];
    return raws.map(fromRaw);
  });
}

/** Checkpoints (in projects not deleted) of archived projects with this status: what a list without them left out. */
export function countArchivedCheckpoints(db: Db, status: 'pending' | 'decided' | undefined): Promise<number> {
  return onConnection(db, () => {
    return cachedPluck(
      db,
      `SELECT COUNT(*) FROM checkpoints c JOIN projects p ON p.id = c.project_id
        WHERE (@status IS NULL OR c.status = @status) AND ${notTrashed(dialectOf(db), 'p')} AND NOT (${notArchived('p')})`,
    ).get({ status: status ?? null }) as number;
  });
}

/** The project's open checkpoints, oldest first (at most 100): every status poll reads them. */
export function pendingCheckpoints(db: Db, projectId: string): Promise<CheckpointRow[]> {
  return onConnection(db, () => {
    // Its own statement, not listCheckpoints with switches: `@x IS NULL OR …` hides project_id from
    // the planner, which then scans every project's checkpoints.
    const raws = cached(db, "SELECT * FROM checkpoints WHERE project_id = ? AND status = 'pending' ORDER BY created_at, id LIMIT 100").all(projectId) as Raw[];
    return raws.map(fromRaw);
  });
}

/** Records a decision only if the checkpoint is still pending; returns false if someone decided first. */
export function recordDecision(
  db: Db,
  decision: { checkpointId: string; decisionId: string; action: string; data: Record<string, unknown> | null; note: string | null; decidedBy: string; decidedAt: string },
): Promise<boolean> {
  return onConnection(db, () => {
    const result = cached(
      db,
      `UPDATE checkpoints SET status = 'decided', decision_id = @decisionId, decision_action = @action, decision_data = @data,
         decision_note = @note, decided_by = @decidedBy, decided_at = @decidedAt
       WHERE id = @checkpointId AND status = 'pending'`,
    ).run({ ...decision, data: decision.data === null ? null : toJson(decision.data) });
    return result.changes > 0;
  }, 'writes');
}

/**
 * Closes a pending checkpoint without a decision: the workflow withdrew it because what it asked
 * about changed (a hypothesis added while the final report waited, issue 15 item 3). The row keeps
 * status 'decided' with no decision id or action (the table's CHECKs allow both to be NULL, so no
 * migration): `reason` goes in decision_note, `by` and `at` in decided_by and decided_at.
 * Returns false when the checkpoint was no longer pending.
 */
export function withdrawCheckpoint(db: Db, withdrawal: { checkpointId: string; reason: string; by: string; at: string }): Promise<boolean> {
  return onConnection(db, () => {
    const result = cached(
      db,
      `UPDATE checkpoints SET status = 'decided', decision_id = NULL, decision_action = NULL, decision_data = NULL,
         decision_note = @reason, decided_by = @by, decided_at = @at
       WHERE id = @checkpointId AND status = 'pending'`,
    ).run(withdrawal);
    return result.changes > 0;
  }, 'writes');
}

/** Ids starting with `prefix`, pending first then newest: argument completion for clients. */
export function checkpointIdsStartingWith(db: Db, prefix: string, limit: number): Promise<string[]> {
  return onConnection(db, () => {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    return sqlite(db)
      .prepare("SELECT id FROM checkpoints WHERE id LIKE ? ESCAPE '\\' ORDER BY status = 'pending' DESC, created_at DESC LIMIT ?")
      .pluck()
      .all(`${escaped}%`, limit) as string[];
  });
}
