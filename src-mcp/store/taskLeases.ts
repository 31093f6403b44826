// The leases of background work on queued tasks: renewed while a worker thinks, handed back when
// it stops, and the projects that may have such work. Taking a lease is engine/workflow/tasks.ts's job.
import type { Db } from './database.js';
import { notTrashed } from './projectTrash.js';
import { sqlite } from './handle.js';
import { onConnection } from './unitOfWork.js';

/** Extends a lease the owner still holds; false when the task was completed, cancelled or taken over. */
export function renewTaskLease(db: Db, taskId: string, owner: string, expiresAt: string, now: string): Promise<boolean> {
  return onConnection(db, () => {
    return (
      sqlite(db)
        .prepare("UPDATE tasks SET lease_expires_at = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'leased'")
        .run(expiresAt, now, taskId, owner).changes > 0
    );
  }, 'writes');
}

/** Hands a leased task back to the queue (work abandoned on pause, shutdown or a provider failure). */
export function releaseTaskLease(db: Db, taskId: string, owner: string, now: string): Promise<boolean> {
  return onConnection(db, () => {
    return (
      sqlite(db)
        .prepare("UPDATE tasks SET status = 'queued', lease_owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'leased'")
        .run(now, taskId, owner).changes > 0
    );
  }, 'writes');
}

/** Projects that may have work for a background worker: not paused or completed, with open tasks or none yet advanced. */
export function runnableProjectIds(db: Db): Promise<string[]> {
  return onConnection(db, () => {
    return (sqlite(db).prepare(`SELECT id FROM projects WHERE status IN ('initializing', 'active') AND ${notTrashed()} ORDER BY created_at, id`).all() as Array<{ id: string }>).map(
      (row) => row.id,
    );
  });
}
