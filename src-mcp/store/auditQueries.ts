// Named statements for reading the audit log in the desktop app: filtered pages (newest first),
// the values the filters offer, and a filtered walk in log order for exports. Appending and chain
// verification stay in audit.ts; nothing here writes.
import { auditRowFromRaw, type AuditRow, type RawAudit } from './audit.js';
import { AUDIT_RESULT_SQL, type AuditResult } from './auditOutcomes.js';
import type { Db } from './database.js';
import { perEngine, type Dialect } from './dialect.js';
import { row, rows, scalars } from './sql.js';
import { readTransaction } from './transactions.js';

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
// `json_valid` guards SQLite's older rows. PostgreSQL 15 has no non-throwing JSON check
// (pg_input_is_valid and IS JSON came in 16); there the log has only rows this store wrote, whose
// arguments are JSON.stringify output (mcp/audit/callAudit.ts, audit.ts's own rows), so the guard
// is `IS NOT NULL` — a malformed row would fail the filter loudly ("invalid input syntax for type
// json"), never answer wrongly.
function jsonValid(d: Dialect, value: string): string {
  return d.engine === 'sqlite' ? `json_valid(${value})` : `(${value} IS NOT NULL)`;
}

function projectRow(d: Dialect): string {
  return `(target = 'research://projects/' || CAST(@project AS TEXT) OR target LIKE 'research://projects/' || CAST(@project AS TEXT) || '/%'
    OR (${jsonValid(d, 'arguments')} AND ${d.jsonText('arguments', 'research_id')} = @project))`;
}

// A read is a read-only action, or a mixed tool's reading action: `tool:<name>#<its action argument>`.
function hiddenRead(d: Dialect): string {
  return `(client_id = @readsOf AND (action IN (${d.jsonArrayValues('CAST(@readActions AS TEXT)')})
    OR (${jsonValid(d, 'arguments')} AND action || '#' || COALESCE(${d.jsonText('arguments', 'action')}, '') IN (${d.jsonArrayValues('CAST(@readActions AS TEXT)')}))))`;
}

function where(d: Dialect): string {
  return `(CAST(@client AS TEXT) IS NULL OR client_id = @client) AND (CAST(@action AS TEXT) IS NULL OR action = @action)
    AND (CAST(@outcome AS TEXT) IS NULL OR (${AUDIT_RESULT_SQL}) = @outcome) AND (CAST(@since AS TEXT) IS NULL OR at >= @since)
    AND (CAST(@until AS TEXT) IS NULL OR at < @until) AND (CAST(@project AS TEXT) IS NULL OR ${projectRow(d)})`;
}

function whereShown(d: Dialect): string {
  return `${where(d)} AND (CAST(@readsOf AS TEXT) IS NULL OR NOT ${hiddenRead(d)})`;
}

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

const PAGE = perEngine(
  (d) => `SELECT * FROM audit_log WHERE ${whereShown(d)} AND (CAST(@beforeId AS BIGINT) IS NULL OR id < @beforeId) ORDER BY id DESC LIMIT @limit`,
);
// One pass counts both: rows shown, and rows matching the other filters that are hidden reads.
const COUNTS = perEngine(
  (d) => `SELECT COUNT(*) AS matching, COALESCE(SUM(CASE WHEN CAST(@readsOf AS TEXT) IS NOT NULL AND ${hiddenRead(d)} THEN 1 ELSE 0 END), 0) AS hidden
          FROM audit_log WHERE ${where(d)}`,
);

/** Newest first; `beforeId` continues a previous page. Rows and counts from one snapshot. */
export async function auditPage(db: Db, filter: AuditFilter, page: { beforeId?: number | undefined; limit: number }): Promise<{ rows: AuditRow[]; total: number; hidden: number }> {
  return readTransaction(db, async () => {
    const found = await rows<RawAudit>(db, PAGE, { ...params(filter), beforeId: page.beforeId ?? null, limit: page.limit });
    const counts = (await row<{ matching: number; hidden: number }>(db, COUNTS, params(filter))) ?? { matching: 0, hidden: 0 };
    return { rows: found.map(auditRowFromRaw), total: counts.matching - counts.hidden, hidden: counts.hidden };
  });
}

/** The clients and actions that occur in the log, for the filter menus. */
export async function auditFacets(db: Db): Promise<{ clients: string[]; actions: string[] }> {
  return readTransaction(db, async () => ({
    clients: await scalars<string>(db, 'SELECT DISTINCT client_id FROM audit_log ORDER BY client_id'),
    actions: await scalars<string>(db, 'SELECT DISTINCT action FROM audit_log ORDER BY action'),
  }));
}

/** Rows the export reads at a time: an export of a million rows never holds them all. */
const VISIT_PAGE_ROWS = 1_000;
const MATCHING_AFTER = perEngine((d) => `SELECT * FROM audit_log WHERE ${whereShown(d)} AND id > @afterId ORDER BY id LIMIT @limit`);

/**
 * Hands `visit` the matching rows in log order, one at a time, read a page at a time (keyset:
 * id > the last one seen) in one read snapshot. `visit` is synchronous: it runs between the pages.
 */
export async function visitAuditRowsMatching(db: Db, filter: AuditFilter, visit: (row: AuditRow) => void): Promise<void> {
  await readTransaction(db, async () => {
    const bound = params(filter);
    let afterId = 0;
    for (;;) {
      const page = await rows<RawAudit>(db, MATCHING_AFTER, { ...bound, afterId, limit: VISIT_PAGE_ROWS });
      for (const raw of page) visit(auditRowFromRaw(raw));
      const last = page[page.length - 1];
      if (last === undefined || page.length < VISIT_PAGE_ROWS) return;
      afterId = last.id;
    }
  });
}
