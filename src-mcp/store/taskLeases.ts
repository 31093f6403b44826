// The leases of background work on queued tasks: renewed while a worker thinks, handed back when
// it stops, and the projects that may have such work. Taking a lease is engine/workflow/tasks.ts's job.
import type { Db } from './database.js';
import { perEngine } from './dialect.js';
import { notTrashed } from './projectTrash.js';
import { execute, scalars } from './sql.js';

/** Extends a lease the owner still holds; false when the task was completed, cancelled or taken over. */
export async function renewTaskLease(db: Db, taskId: string, owner: string, expiresAt: string, now: string): Promise<boolean> {
  const sql = "UPDATE tasks SET lease_expires_at = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'leased'";
  return (await execute(db, sql, [expiresAt, now, taskId, owner])) > 0;
}

/** Hands a leased task back to the queue (work abandoned on pause, shutdown or a provider failure). */
export async function releaseTaskLease(db: Db, taskId: string, owner: string, now: string): Promise<boolean> {
  const sql = "UPDATE tasks SET status = 'queued', lease_owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'leased'";
  return (await execute(db, sql, [now, taskId, owner])) > 0;
}

const RUNNABLE = perEngine((d) => `SELECT id FROM projects WHERE status IN ('initializing', 'active') AND ${notTrashed(d)} ORDER BY created_at, id`);

/** Projects that may have work for a background worker: not paused or completed, with open tasks or none yet advanced. */
export async function runnableProjectIds(db: Db): Promise<string[]> {
  return scalars<string>(db, RUNNABLE);
}
