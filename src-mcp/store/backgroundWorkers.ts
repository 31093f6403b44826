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

// Every status poll asks (is a provider working in the background?): one prepared statement, or a
// part of the status poll's own (projectWithCounts.ts).
const WORKER_COLUMNS = 'worker_id, client_id, providers, started_at, heartbeat_at';
const recentSince = (since: string): string => `SELECT ${WORKER_COLUMNS} FROM background_workers WHERE heartbeat_at >= ${since} ORDER BY started_at`;
const RECENT = recentSince('?');

/** The recent workers for a statement that carries them as JSON tuples (Dialect.jsonTuplesOf): `of(since)` with `since` a parameter. */
export const RECENT_WORKER_TUPLES = { columns: WORKER_COLUMNS, of: recentSince, order: 'started_at' } as const;

function workerOf(workerId: string, clientId: string, providers: string, startedAt: string, heartbeatAt: string): BackgroundWorkerRow {
  return { workerId, clientId, providers: fromJson(providers, []), startedAt, heartbeatAt };
}

/** Workers whose last heartbeat is at or after `since` (ISO time). */
export async function recentBackgroundWorkers(db: Db, since: string): Promise<BackgroundWorkerRow[]> {
  const raws = await rows<{ worker_id: string; client_id: string; providers: string; started_at: string; heartbeat_at: string }>(db, RECENT, [since]);
  return raws.map((raw) => workerOf(raw.worker_id, raw.client_id, raw.providers, raw.started_at, raw.heartbeat_at));
}

/** The workers from their rows as JSON tuples, in RECENT_WORKER_TUPLES.columns' order. */
export function workersOfTuples(tuples: ReadonlyArray<readonly unknown[]>): BackgroundWorkerRow[] {
  return tuples.map((tuple) => {
    const [workerId, clientId, providers, startedAt, heartbeatAt] = tuple as [string, string, string, string, string];
    return workerOf(workerId, clientId, providers, startedAt, heartbeatAt);
  });
}
