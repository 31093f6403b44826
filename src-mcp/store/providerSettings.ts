// Reasoning providers as stored (0004): their non-secret settings. API keys are deliberately absent
// from every statement here. The processes that run provider work are in backgroundWorkers.ts,
// the leases of that work in taskLeases.ts.
import type { ProviderKind } from '../../src-shared/schemas/providers.js';
import type { Db } from './database.js';
import { fromJson, toJson } from './json.js';
import { execute, rows } from './sql.js';

export interface ProviderSettingsRow {
  name: string;
  kind: ProviderKind;
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

export async function listProviderSettings(db: Db): Promise<ProviderSettingsRow[]> {
  return (await rows<RawProvider>(db, 'SELECT * FROM reasoning_providers ORDER BY position, name')).map(fromRaw);
}

// A provider keeps its place when it is updated (the conflict branch leaves position alone); a new
// one takes the place after the last, computed in the same statement.
const UPSERT = `INSERT INTO reasoning_providers (name, kind, base_url, models, concurrency, timeout_ms, max_retries, prices, enabled, position, updated_at)
                VALUES (@name, @kind, @baseUrl, @models, @concurrency, @timeoutMs, @maxRetries, @prices, @enabled,
                        (SELECT COALESCE(MAX(position), -1) + 1 FROM reasoning_providers), @updatedAt)
                ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, base_url = excluded.base_url, models = excluded.models,
                  concurrency = excluded.concurrency, timeout_ms = excluded.timeout_ms, max_retries = excluded.max_retries,
                  prices = excluded.prices, enabled = excluded.enabled, updated_at = excluded.updated_at`;

/** Inserts or replaces one provider; a new one goes last in the order. */
export async function upsertProviderSettings(db: Db, row: Omit<ProviderSettingsRow, 'position'>): Promise<void> {
  await execute(db, UPSERT, { ...row, models: toJson(row.models), prices: toJson(row.prices), enabled: row.enabled ? 1 : 0 });
}

export async function deleteProviderSettings(db: Db, name: string): Promise<boolean> {
  return (await execute(db, 'DELETE FROM reasoning_providers WHERE name = ?', [name])) > 0;
}
