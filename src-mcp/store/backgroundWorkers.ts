// The server processes that run provider work in the background (0004), each with a heartbeat, so
// the app can say whether a provider is working and a crashed process's leases can be taken over.
import type { Db } from './database.js';
import { fromJson, toJson } from './json.js';
import { cached } from './statements.js';
import { sqlite } from './handle.js';
import { onConnection } from './unitOfWork.js';

export interface BackgroundWorkerRow {
  workerId: string;
  clientId: string;
  providers: string[];
  startedAt: string;
  heartbeatAt: string;
}

export function upsertBackgroundWorker(db: Db, row: BackgroundWorkerRow): Promise<void> {
  return onConnection(db, () => {
    sqlite(db).prepare(
      `INSERT INTO background_workers (worker_id, client_id, providers, started_at, heartbeat_at)
       VALUES (@workerId, @clientId, @providers, @startedAt, @heartbeatAt)
       ON CONFLICT (worker_id) DO UPDATE SET providers = excluded.providers, heartbeat_at = excluded.heartbeat_at`,
    ).run({ ...row, providers: toJson(row.providers) });
  }, 'writes');
}

export function deleteBackgroundWorker(db: Db, workerId: string): Promise<void> {
  return onConnection(db, () => {
    sqlite(db).prepare('DELETE FROM background_workers WHERE worker_id = ?').run(workerId);
  }, 'writes');
}

/** Workers whose last heartbeat is at or after `since` (ISO time). */
export function recentBackgroundWorkers(db: Db, since: string): Promise<BackgroundWorkerRow[]> {
  return onConnection(db, () => {
    // Every status poll asks (is a provider working in the background?): a cached statement.
    const rows = cached(db, 'SELECT worker_id, client_id, providers, started_at, heartbeat_at FROM background_workers WHERE heartbeat_at >= ? ORDER BY started_at').all(
      since,
    ) as Array<{ worker_id: string; client_id: string; providers: string; started_at: string; heartbeat_at: string }>;
    return rows.map((raw) => ({
      workerId: raw.worker_id,
      clientId: raw.client_id,
      providers: fromJson(raw.providers, []),
      startedAt: raw.started_at,
      heartbeatAt: raw.heartbeat_at,
    }));
  });
}
