// Named statements for reading the audit log in the desktop app: filtered pages (newest first),
// the values the filters offer, and a filtered walk in log order for exports. Appending and chain
// verification stay in audit.ts; nothing here writes.
import { auditRowFromRaw, type AuditRow, type RawAudit } from './audit.js';
import { AUDIT_RESULT_SQL, type AuditResult } from './auditOutcomes.js';
import type { Db } from './database.js';
import { sqlite } from './handle.js';
import { onConnection } from './unitOfWork.js';

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
  /** Only rows about this research project: its resource as the target, or its id as the `research_id` argument. */
  projectId?: string | undefined;
  /** Leave out one client's reads (the app's own, which would otherwise outnumber what assistants did): rows of this client with one of these actions. */
  hideReads?: HiddenReads | undefined;
}

export interface HiddenReads {
  clientId: string;
  actions: readonly string[];
}

// Times are stored as toISOString() values, so string comparison is time order.
// A project's rows: tools name it as their target (`research://projects/<id>`, or a resource of it
// below that) or take its id as `research_id`; the arguments are always JSON (audit.ts redacts a copy).
const PROJECT_ROW = `(target = 'research://projects/' || @project OR target LIKE 'research://projects/' || @project || '/%'
  OR (json_valid(arguments) AND json_extract(arguments, '$.research_id') = @project))`;
// A read is a read-only action, or a mixed tool's reading action: `tool:<name>#<its action argument>`.
const HIDDEN_READ = `(client_id = @readsOf AND (action IN (SELECT value FROM json_each(@readActions))
  OR (json_valid(arguments) AND action || '#' || COALESCE(json_extract(arguments, '$.action'), '') IN (SELECT value FROM json_each(@readActions)))))`;

const WHERE = `(@client IS NULL OR client_id = @client) AND (@action IS NULL OR action = @action)
  AND (@outcome IS NULL OR (${AUDIT_RESULT_SQL}) = @outcome) AND (@since IS NULL OR at >= @since) AND (@until IS NULL OR at < @until)
  AND (@project IS NULL OR ${PROJECT_ROW})`;
const WHERE_SHOWN = `${WHERE} AND (@readsOf IS NULL OR NOT ${HIDDEN_READ})`;

function params(filter: AuditFilter): Record<string, string | null> {
  return {
    client: filter.clientId ?? null,
    action: filter.action ?? null,
    outcome: filter.outcome ?? null,
    since: filter.since ?? null,
    until: filter.until ?? null,
    project: filter.projectId ?? null,
    readsOf: filter.hideReads?.clientId ?? null,
    readActions: JSON.stringify(filter.hideReads?.actions ?? []),
  };
}

/** Newest first; `beforeId` continues a previous page. */
export function auditPage(db: Db, filter: AuditFilter, page: { beforeId?: number | undefined; limit: number }): Promise<{ rows: AuditRow[]; total: number; hidden: number }> {
  return onConnection(db, () => {
    const bound = { ...params(filter), beforeId: page.beforeId ?? null, limit: page.limit };
    const rows = sqlite(db)
      .prepare(`SELECT * FROM audit_log WHERE ${WHERE_SHOWN} AND (@beforeId IS NULL OR id < @beforeId) ORDER BY id DESC LIMIT @limit`)
      .all(bound) as RawAudit[];
    // One pass counts both: rows shown, and rows matching the other filters that are hidden reads.
    const counts = sqlite(db)
      .prepare(`SELECT COUNT(*) AS matching, COALESCE(SUM(CASE WHEN @readsOf IS NOT NULL AND ${HIDDEN_READ} THEN 1 ELSE 0 END), 0) AS hidden FROM audit_log WHERE ${WHERE}`)
      .get(params(filter)) as { matching: number; hidden: number };
    return { rows: rows.map(auditRowFromRaw), total: counts.matching - counts.hidden, hidden: counts.hidden };
  });
}

/** The clients and actions that occur in the log, for the filter menus. */
export function auditFacets(db: Db): Promise<{ clients: string[]; actions: string[] }> {
  return onConnection(db, () => {
    return {
      clients: sqlite(db).prepare('SELECT DISTINCT client_id FROM audit_log ORDER BY client_id').pluck().all() as string[],
      actions: sqlite(db).prepare('SELECT DISTINCT action FROM audit_log ORDER BY action').pluck().all() as string[],
    };
  });
}

/**
 * Hands `visit` the matching rows in log order, one at a time: an export of a million rows never
 * holds them all. `visit` is synchronous: the statement reads on while it runs, and no other
 * statement may run on the connection until it is done.
 */
export function visitAuditRowsMatching(db: Db, filter: AuditFilter, visit: (row: AuditRow) => void): Promise<void> {
  return onConnection(db, () => {
    const statement = sqlite(db).prepare(`SELECT * FROM audit_log WHERE ${WHERE_SHOWN} ORDER BY id`);
    for (const raw of statement.iterate(params(filter)) as IterableIterator<RawAudit>) visit(auditRowFromRaw(raw));
  });
}
