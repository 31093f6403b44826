// Reasoning providers as stored (0004): their non-secret settings, the server processes that run
// provider work in the background, and the lease bookkeeping of that background work. API keys
// are deliberately absent from every statement here.
import type { Db } from './database.js';
import { cached } from './statements.js';
import { fromJson, toJson } from './json.js';
import { notTrashed } from './projectTrash.js';

export interface ProviderSettingsRow {
  name: string;
  kind: 'anthropic' | 'openai';
  baseUrl: string;
  models: Record<string, string>;
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
  prices: Record<string, { input_per_1k: number; output_per_1k: number }>;
  enabled: boolean;
  position: number;
  updatedAt: string;
}

interface RawProvider {
  name: string;
  kind: ProviderSettingsRow['kind'];
  base_url: string;
  models: string;
  concurrency: number;
  timeout_ms: number;
  max_retries: number;
  prices: string;
  enabled: number;
  position: number;
  updated_at: string;
}

function fromRaw(raw: RawProvider): ProviderSettingsRow {
  return {
    name: raw.name,
    kind: raw.kind,
    baseUrl: raw.base_url,
    models: fromJson(raw.models, {}),
    concurrency: raw.concurrency,
    timeoutMs: raw.timeout_ms,
    maxRetries: raw.max_retries,
    prices: fromJson(raw.prices, {}),
    enabled: raw.enabled === 1,
    position: raw.position,
    updatedAt: raw.updated_at,
  };
}

export function listProviderSettings(db: Db): ProviderSettingsRow[] {
  return (db.prepare('SELECT * FROM reasoning_providers ORDER BY position, name').all() as RawProvider[]).map(fromRaw);
}

/** Inserts or replaces one provider; a new one goes last in the order. */
export function upsertProviderSettings(db: Db, row: Omit<ProviderSettingsRow, 'position'>): void {
  const existing = db.prepare('SELECT position FROM reasoning_providers WHERE name = ?').get(row.name) as { position: number } | undefined;
  const position =
    existing?.position ?? ((db.prepare('SELECT MAX(position) AS p FROM reasoning_providers').get() as { p: number | null }).p ?? -1) + 1;
  db.prepare(
    `INSERT INTO reasoning_providers (name, kind, base_url, models, concurrency, timeout_ms, max_retries, prices, enabled, position, updated_at)
     VALUES (@name, @kind, @baseUrl, @models, @concurrency, @timeoutMs, @maxRetries, @prices, @enabled, @position, @updatedAt)
     ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, base_url = excluded.base_url, models = excluded.models,
       concurrency = excluded.concurrency, timeout_ms = excluded.timeout_ms, max_retries = excluded.max_retries,
       prices = excluded.prices, enabled = excluded.enabled, updated_at = excluded.updated_at`,
  ).run({ ...row, models: toJson(row.models), prices: toJson(row.prices), enabled: row.enabled ? 1 : 0, position });
}

export function deleteProviderSettings(db: Db, name: string): boolean {
  return db.prepare('DELETE FROM reasoning_providers WHERE name = ?').run(name).changes > 0;
}

// ---- Background workers ------------------------------------------------------------------

export interface BackgroundWorkerRow {
  workerId: string;
  clientId: string;
  providers: string[];
  startedAt: string;
  heartbeatAt: string;
}

export function upsertBackgroundWorker(db: Db, row: BackgroundWorkerRow): void {
  db.prepare(
    `INSERT INTO background_workers (worker_id, client_id, providers, started_at, heartbeat_at)
     VALUES (@workerId, @clientId, @providers, @startedAt, @heartbeatAt)
     ON CONFLICT (worker_id) DO UPDATE SET providers = excluded.providers, heartbeat_at = excluded.heartbeat_at`,
  ).run({ ...row, providers: toJson(row.providers) });
}

export function deleteBackgroundWorker(db: Db, workerId: string): void {
  db.prepare('DELETE FROM background_workers WHERE worker_id = ?').run(workerId);
}

/** Workers whose last heartbeat is at or after `since` (ISO time). */
export function recentBackgroundWorkers(db: Db, since: string): BackgroundWorkerRow[] {
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
}

// ---- Leases of background work -----------------------------------------------------------

/** Extends a lease the owner still holds; false when the task was completed, cancelled or taken over. */
export function renewTaskLease(db: Db, taskId: string, owner: string, expiresAt: string, now: string): boolean {
  return (
    db
      .prepare("UPDATE tasks SET lease_expires_at = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'leased'")
      .run(expiresAt, now, taskId, owner).changes > 0
  );
}

/** Hands a leased task back to the queue (work abandoned on pause, shutdown or a provider failure). */
export function releaseTaskLease(db: Db, taskId: string, owner: string, now: string): boolean {
  return (
    db
      .prepare("UPDATE tasks SET status = 'queued', lease_owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'leased'")
      .run(now, taskId, owner).changes > 0
  );
}

/** Projects that may have work for a background worker: not paused or completed, with open tasks or none yet advanced. */
export function runnableProjectIds(db: Db): string[] {
  return (db.prepare(`SELECT id FROM projects WHERE status IN ('initializing', 'active') AND ${notTrashed()} ORDER BY created_at, id`).all() as Array<{ id: string }>).map(
    (row) => row.id,
  );
}
