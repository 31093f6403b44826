// The tamper-evident audit log: append-only rows chained by SHA-256 (ARCHITECTURE §4).
import { createHash } from 'node:crypto';
import type { Db } from './database.js';
import { cached } from './statements.js';

export const GENESIS_HASH = '0'.repeat(64);

export type AuditOutcome = 'success' | 'error' | 'denied';

export interface AuditEntry {
  at: string;
  clientId: string;
  /** `tool:start_research`, `resource:read`, `policy:update`, ... */
  action: string;
  target: string | null;
  /** Arguments as JSON, already redacted of secrets by the caller. */
  arguments: string;
  outcome: AuditOutcome;
  errorCode: string | null;
  durationMs: number;
}

export interface AuditRow extends AuditEntry {
  id: number;
  prevHash: string;
  hash: string;
}

/** The row's content in a fixed order: what the hash covers and what the INSERT stores. */
function contentFields(entry: AuditEntry): Array<string | number | null> {
  return [entry.at, entry.clientId, entry.action, entry.target, entry.arguments, entry.outcome, entry.errorCode, entry.durationMs];
}

/** The hash covers every field in a fixed order, so reordering or editing any of them shows. */
export function hashAuditEntry(prevHash: string, entry: AuditEntry): string {
  const canonical = JSON.stringify([prevHash, ...contentFields(entry)]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** Appends one row. Must run inside a write transaction so that the chain head cannot move under us. */
export function appendAudit(db: Db, entry: AuditEntry): AuditRow {
  // Every tool call appends one row: cached statements (preparing both cost ~0.05 ms a call).
  const head = cached(db, 'SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1').get() as
    | { hash: string }
    | undefined;
  const prevHash = head?.hash ?? GENESIS_HASH;
  const hash = hashAuditEntry(prevHash, entry);
  const result = cached(
    db,
    `INSERT INTO audit_log (at, client_id, action, target, arguments, outcome, error_code, duration_ms, prev_hash, hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(...contentFields(entry), prevHash, hash);
  return { ...entry, id: Number(result.lastInsertRowid), prevHash, hash };
}

export interface RawAudit {
  id: number;
  at: string;
  client_id: string;
  action: string;
  target: string | null;
  arguments: string;
  outcome: AuditOutcome;
  error_code: string | null;
  duration_ms: number;
  prev_hash: string;
  hash: string;
}

export function auditRowFromRaw(raw: RawAudit): AuditRow {
  return {
    id: raw.id,
    at: raw.at,
    clientId: raw.client_id,
    action: raw.action,
    target: raw.target,
    arguments: raw.arguments,
    outcome: raw.outcome,
    errorCode: raw.error_code,
    durationMs: raw.duration_ms,
    prevHash: raw.prev_hash,
    hash: raw.hash,
  };
}

export function auditRows(db: Db, query: { afterId?: number; limit: number }): AuditRow[] {
  const rows = db
    .prepare('SELECT * FROM audit_log WHERE id > ? ORDER BY id LIMIT ?')
    .all(query.afterId ?? 0, query.limit) as RawAudit[];
  return rows.map(auditRowFromRaw);
}

export type ChainVerdict =
  | { ok: true; rows: number }
  | { ok: false; rows: number; firstBrokenId: number; reason: string };

/** Walks the whole chain in id order and names the first row whose link or content does not verify. */
export function verifyAuditChain(db: Db): ChainVerdict {
  let expectedPrev = GENESIS_HASH;
  let count = 0;
  for (const raw of db.prepare('SELECT * FROM audit_log ORDER BY id').iterate() as IterableIterator<RawAudit>) {
    const row = auditRowFromRaw(raw);
    count += 1;
    if (row.prevHash !== expectedPrev) {
      return { ok: false, rows: count, firstBrokenId: row.id, reason: 'link to the previous row does not match (a row was removed or inserted before it)' };
    }
    if (hashAuditEntry(row.prevHash, row) !== row.hash) {
      return { ok: false, rows: count, firstBrokenId: row.id, reason: 'content does not match its hash (the row was edited)' };
    }
    expectedPrev = row.hash;
  }
  return { ok: true, rows: count };
}
