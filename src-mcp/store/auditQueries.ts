// Named statements for reading the audit log in the desktop app: filtered pages (newest first),
// the values the filters offer, and a filtered walk in log order for exports. Appending and chain
// verification stay in audit.ts; nothing here writes.
import { auditRowFromRaw, type AuditRow, type RawAudit } from './audit.js';
import { AUDIT_RESULT_SQL, type AuditResult } from './auditOutcomes.js';
import type { Db } from './database.js';

export interface AuditFilter {
  clientId?: string | undefined;
  /** Exact action, e.g. `tool:start_research` or `resource:read`. */
  action?: string | undefined;
  /** The documented outcome (auditOutcomes.ts), not the stored one. */
  outcome?: AuditResult | undefined;
  /** ISO 8601 UTC, inclusive. */
  since?: string | undefined;
  /** ISO 8601 UTC, exclusive. */
  until?: string | undefined;
}

// Times are stored as toISOString() values, so string comparison is time order.
const WHERE = `(@client IS NULL OR client_id = @client) AND (@action IS NULL OR action = @action)
  AND (@outcome IS NULL OR (${AUDIT_RESULT_SQL}) = @outcome) AND (@since IS NULL OR at >= @since) AND (@until IS NULL OR at < @until)`;

function params(filter: AuditFilter): Record<string, string | null> {
  return {
    client: filter.clientId ?? null,
    action: filter.action ?? null,
    outcome: filter.outcome ?? null,
    since: filter.since ?? null,
    until: filter.until ?? null,
  };
}

/** Newest first; `beforeId` continues a previous page. */
export function auditPage(db: Db, filter: AuditFilter, page: { beforeId?: number | undefined; limit: number }): { rows: AuditRow[]; total: number } {
  const bound = { ...params(filter), beforeId: page.beforeId ?? null, limit: page.limit };
  const rows = db
    .prepare(`SELECT * FROM audit_log WHERE ${WHERE} AND (@beforeId IS NULL OR id < @beforeId) ORDER BY id DESC LIMIT @limit`)
    .all(bound) as RawAudit[];
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM audit_log WHERE ${WHERE}`).get(params(filter)) as { n: number }).n;
  return { rows: rows.map(auditRowFromRaw), total };
}

/** The clients and actions that occur in the log, for the filter menus. */
export function auditFacets(db: Db): { clients: string[]; actions: string[] } {
  return {
    clients: db.prepare('SELECT DISTINCT client_id FROM audit_log ORDER BY client_id').pluck().all() as string[],
    actions: db.prepare('SELECT DISTINCT action FROM audit_log ORDER BY action').pluck().all() as string[],
  };
}

/** Matching rows in log order, one at a time: an export of a million rows never holds them all. */
export function* auditRowsMatching(db: Db, filter: AuditFilter): Generator<AuditRow> {
  const statement = db.prepare(`SELECT * FROM audit_log WHERE ${WHERE} ORDER BY id`);
  for (const raw of statement.iterate(params(filter)) as IterableIterator<RawAudit>) yield auditRowFromRaw(raw);
}
