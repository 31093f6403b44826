// The durable task queue: named statements for leasing, completing and recovering work items.
import type { Db } from './database.js';
import { cached } from './statements.js';
import { fromJson, toJson } from './json.js';
import { onConnection } from './unitOfWork.js';

export interface TaskRow {
  id: string;
  projectId: string;
  kind: string;
  payload: Record<string, unknown>;
  status: 'queued' | 'leased' | 'done' | 'failed' | 'cancelled';
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  attempts: number;
  reasoner: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

interface Raw {
  id: string; project_id: string; kind: string; payload: string; status: TaskRow['status']; lease_owner: string | null;
  lease_expires_at: string | null; attempts: number; reasoner: string | null; error: string | null; created_at: string;
  updated_at: string; completed_at: string | null;
}

function fromRaw(raw: Raw): TaskRow {
  return {
    id: raw.id,
    projectId: raw.project_id,
    kind: raw.kind,
    payload: fromJson(raw.payload, {}),
    status: raw.status,
    leaseOwner: raw.lease_owner,
    leaseExpiresAt: raw.lease_expires_at,
    attempts: raw.attempts,
    reasoner: raw.reasoner,
    error: raw.error,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
    completedAt: raw.completed_at,
  };
}

export function insertTask(db: Db, task: { id: string; projectId: string; kind: string; payload: Record<string, unknown>; createdAt: string }): Promise<void> {
  return onConnection(db, () => {
    cached(
      db,
      `INSERT INTO tasks (id, project_id, kind, payload, status, created_at, updated_at)
       VALUES (@id, @projectId, @kind, @payload, 'queued', @createdAt, @createdAt)`,
    ).run({ ...task, payload: toJson(task.payload) });
  }, 'writes');
}

export function findTask(db: Db, id: string): Promise<TaskRow | undefined> {
  return onConnection(db, () => {
    const raw = cached(db, 'SELECT * FROM tasks WHERE id = ?').get(id) as Raw | undefined;
    return raw === undefined ? undefined : fromRaw(raw);
  });
}

/**
 * Queued and leased tasks of a project, oldest first. Tasks created in one step share a timestamp
 * and their ids are random, so the tie is broken by rowid (insertion order): work is handed out in
 * the order it was planned, the same on every run.
 */
export function openTasks(db: Db, projectId: string): Promise<TaskRow[]> {
  return onConnection(db, () => {
    return (
      cached(db, "SELECT * FROM tasks WHERE project_id = ? AND status IN ('queued', 'leased') ORDER BY created_at, rowid").all(projectId) as Raw[]
    ).map(fromRaw);
  });
}

export function leaseTask(db: Db, id: string, owner: string, expiresAt: string, now: string): Promise<void> {
  return onConnection(db, () => {
    cached(
      db,
      `UPDATE tasks SET status = 'leased', lease_owner = ?, lease_expires_at = ?, attempts = attempts + 1, updated_at = ? WHERE id = ?`,
    ).run(owner, expiresAt, now, id);
  }, 'writes');
}

export function completeTask(db: Db, id: string, reasoner: string, now: string): Promise<boolean> {
  return onConnection(db, () => {
    const result = cached(
      db,
      `UPDATE tasks SET status = 'done', reasoner = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ?, completed_at = ?
       WHERE id = ? AND status IN ('queued', 'leased')`,
    ).run(reasoner, now, now, id);
    return result.changes > 0;
  }, 'writes');
}

export function cancelOpenTasks(db: Db, projectId: string, now: string): Promise<number> {
  return onConnection(db, () => {
    return cached(db, "UPDATE tasks SET status = 'cancelled', lease_owner = NULL, updated_at = ? WHERE project_id = ? AND status IN ('queued', 'leased')").run(
      now,
      projectId,
    ).changes;
  }, 'writes');
}

export function recordTaskError(db: Db, id: string, error: string, now: string): Promise<void> {
  return onConnection(db, () => {
    cached(db, 'UPDATE tasks SET error = ?, updated_at = ? WHERE id = ?').run(error, now, id);
  }, 'writes');
}

export function countDoneTasks(db: Db, projectId: string): Promise<number> {
  return onConnection(db, () => {
    return (cached(db, "SELECT COUNT(*) AS n FROM tasks WHERE project_id = ? AND status = 'done'").get(projectId) as { n: number }).n;
  });
}

export function tasksOfKind(db: Db, projectId: string, kind: string): Promise<TaskRow[]> {
  return onConnection(db, () => {
    return (cached(db, 'SELECT * FROM tasks WHERE project_id = ? AND kind = ? ORDER BY created_at, rowid').all(projectId, kind) as Raw[]).map(fromRaw);
  });
}
