// The server processes that run provider work in the background (0004), each with a heartbeat, so
// the app can say whether a provider is working and a crashed process's leases can be taken over.
import type { Db } from './database.js';
import { fromJson, toJson } from './json.js';
import { execute, rows } from './sql.js';

export interface BackgroundWorkerRow {
  workerId: string;
  clientId: string;
  providers: string[];
  startedAt: string;
  heartbeatAt: string;
}

const UPSERT = `INSERT INTO background_workers (worker_id, client_id, providers, started_at, heartbeat_at)
                VALUES (@workerId, @clientId, @providers, @startedAt, @heartbeatAt)
                ON CONFLICT (worker_id) DO UPDATE SET providers = excluded.providers, heartbeat_at = excluded.heartbeat_at`;

export async function upsertBackgroundWorker(db: Db, row: BackgroundWorkerRow): Promise<void> {
  await execute(db, UPSERT, { ...row, providers: toJson(row.providers) });
}

export async function deleteBackgroundWorker(db: Db, workerId: string): Promise<void> {
  await execute(db, 'DELETE FROM background_workers WHERE worker_id = ?', [workerId]);
}

// Every status poll asks (is a provider working in the background?): one prepared statement.
const RECENT = 'SELECT worker_id, client_id, providers, started_at, heartbeat_at FROM background_workers WHERE heartbeat_at >= ? ORDER BY started_at';

/** Workers whose last heartbeat is at or after `since` (ISO time). */
export async function recentBackgroundWorkers(db: Db, since: string): Promise<BackgroundWorkerRow[]> {
  const raws = await rows<{ worker_id: string; client_id: string; providers: string; started_at: string; heartbeat_at: string }>(db, RECENT, [since]);
  return raws.map((raw) => ({
    workerId: raw.worker_id,
    clientId: raw.client_id,
    providers: fromJson(raw.providers, []),
    startedAt: raw.started_at,
    heartbeatAt: raw.heartbeat_at,
  }));
}
