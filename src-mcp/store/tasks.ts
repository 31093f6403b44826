// The durable task queue: named statements for leasing, completing and recovering work items.
import type { Db } from './database.js';
import { perEngine, type Dialect } from './dialect.js';
import { fromJson, toJson } from './json.js';
import { execute, row, rows } from './sql.js';

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

const INSERT = `INSERT INTO tasks (id, project_id, kind, payload, status, created_at, updated_at)
                VALUES (@id, @projectId, @kind, @payload, 'queued', @createdAt, @createdAt)`;

export async function insertTask(db: Db, task: { id: string; projectId: string; kind: string; payload: Record<string, unknown>; createdAt: string }): Promise<void> {
  await execute(db, INSERT, { id: task.id, projectId: task.projectId, kind: task.kind, payload: toJson(task.payload), createdAt: task.createdAt });
}

export async function findTask(db: Db, id: string): Promise<TaskRow | undefined> {
  const raw = await row<Raw>(db, 'SELECT * FROM tasks WHERE id = ?', [id]);
  return raw === undefined ? undefined : fromRaw(raw);
}

/**
 * Tasks created in one step share a timestamp and their ids are random, so the tie is broken by
 * insertion order: work is handed out in the order it was planned, the same on every run. SQLite's
 * rowid is that order; PostgreSQL has none, so migration 0014 gives its tasks an identity column.
 */
function oldestFirst(d: Dialect): string {
  return `created_at, ${d.engine === 'sqlite' ? 'rowid' : 'seq'}`;
}

const OPEN = perEngine((d) => `SELECT * FROM tasks WHERE project_id = ? AND status IN ('queued', 'leased') ORDER BY ${oldestFirst(d)}`);

/** Queued and leased tasks of a project, oldest first (in the order they were planned). */
export async function openTasks(db: Db, projectId: string): Promise<TaskRow[]> {
  return (await rows<Raw>(db, OPEN, [projectId])).map(fromRaw);
}

export async function leaseTask(db: Db, id: string, owner: string, expiresAt: string, now: string): Promise<void> {
  await execute(db, `UPDATE tasks SET status = 'leased', lease_owner = ?, lease_expires_at = ?, attempts = attempts + 1, updated_at = ? WHERE id = ?`, [
    owner,
    expiresAt,
    now,
    id,
  ]);
}

const COMPLETE = `UPDATE tasks SET status = 'done', reasoner = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ?, completed_at = ?
                  WHERE id = ? AND status IN ('queued', 'leased')`;

export async function completeTask(db: Db, id: string, reasoner: string, now: string): Promise<boolean> {
  return (await execute(db, COMPLETE, [reasoner, now, now, id])) > 0;
}

export async function cancelOpenTasks(db: Db, projectId: string, now: string): Promise<number> {
  return execute(db, "UPDATE tasks SET status = 'cancelled', lease_owner = NULL, updated_at = ? WHERE project_id = ? AND status IN ('queued', 'leased')", [now, projectId]);
}

export async function recordTaskError(db: Db, id: string, error: string, now: string): Promise<void> {
  await execute(db, 'UPDATE tasks SET error = ?, updated_at = ? WHERE id = ?', [error, now, id]);
}

const OF_KIND = perEngine((d) => `SELECT * FROM tasks WHERE project_id = ? AND kind = ? ORDER BY ${oldestFirst(d)}`);

export async function tasksOfKind(db: Db, projectId: string, kind: string): Promise<TaskRow[]> {
  return (await rows<Raw>(db, OF_KIND, [projectId, kind])).map(fromRaw);
}
