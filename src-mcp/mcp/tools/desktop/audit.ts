// The audit log in the desktop app (architecture.md, *Identity, scopes, audit*): query it, verify its hash chain, export it.
// Desktop-only and admin-scoped: an assistant must not read what other assistants did, and
// cannot erase its own tracks (the log is append-only and chained; these tools only read it).
import { z } from 'zod';
import { DomainError } from '../../../engine/errors.js';
import type { AuditRow } from '../../../store/audit.js';
import { auditLogVerdict } from '../../../health/auditVerdict.js';
import { auditFacets, auditPage, type AuditFilter } from '../../../store/auditQueries.js';
import { exportAuditLog, INLINE_LIMIT_BYTES } from '../../audit/export.js';
import { auditResultOf } from '../../../store/auditOutcomes.js';
import { defineTool } from '../../toolkit.js';
import { logPage, positionBefore } from '../logCursor.js';
import { DESKTOP_CLIENT } from '../../access/identity.js';
import { readAuditActions } from '../../audit/readActions.js';
import {
  AUDIT_EXPORT_FORMATS,
  AuditExportSchema,
  AuditOutcomeSchema,
  AuditPageSchema,
  AuditVerdictSchema,
  type AuditEntrySchema,
  type AuditOutcome,
} from '../../../../src-shared/schemas/audit.js';

const Instant = (what: string) =>
  z.iso.datetime({ offset: true }).optional().describe(`${what}, ISO 8601 (e.g. "2026-05-01T09:00:00Z").`);

const FilterInput = {
  client: z.string().min(1).optional().describe('Only calls by this client, e.g. "claude-desktop".'),
  action: z.string().min(1).optional().describe('Only this action, e.g. "tool:start_research" or "resource:read".'),
  outcome: AuditOutcomeSchema.optional(),
  since: Instant('Calls at or after this time'),
  until: Instant('Calls before this time'),
  research_id: z.string().min(1).optional().describe('Only rows about this research project (its resources as target, or its id as research_id).'),
  hide_app_reads: z.boolean().default(false).describe('Leave out the desktop app\'s own reads (read-only tools, resource reads): they outnumber what assistants did. The rows stay in the log and its verification.'),
};

type FilterArgs = {
  client?: string | undefined;
  action?: string | undefined;
  outcome?: AuditOutcome | undefined;
  since?: string | undefined;
  until?: string | undefined;
  research_id?: string | undefined;
  hide_app_reads?: boolean | undefined;
};

/** Times are compared as stored (toISOString, UTC), so an offset like +02:00 is normalised first. */
function toFilter(args: FilterArgs): AuditFilter {
  const since = args.since === undefined ? undefined : new Date(args.since).toISOString();
  const until = args.until === undefined ? undefined : new Date(args.until).toISOString();
  if (since !== undefined && until !== undefined && since >= until) {
    throw new DomainError('invalid_input', `"since" (${args.since}) must be before "until" (${args.until}).`, { field: 'until' });
  }
  const hideReads = args.hide_app_reads === true ? { clientId: DESKTOP_CLIENT, actions: readAuditActions() } : undefined;
  return { clientId: args.client, action: args.action, outcome: args.outcome, since, until, projectId: args.research_id, hideReads };
}

function entry(row: AuditRow): z.input<typeof AuditEntrySchema> {
  return {
    id: row.id,
    at: row.at,
    client_id: row.clientId,
    action: row.action,
    target: row.target,
    arguments: row.arguments,
    outcome: auditResultOf(row.outcome, row.errorCode),
    stored_outcome: row.outcome,
    error_code: row.errorCode,
    duration_ms: row.durationMs,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}

export const queryAuditLogTool = defineTool({
  name: 'query_audit_log',
  title: 'Audit log (desktop)',
  description: 'Rows of the audit log, newest first: every tool call, resource read, decision and policy change with client, action, target, redacted arguments, outcome and duration. Filter by client, action, outcome, time and research project, and optionally hide the app’s own reads; page with next_cursor. The first page also lists the clients and actions that occur, for filter menus. Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['admin'],
  desktopOnly: true,
  lab: 'view',
  readsAuditLog: true,
  input: z.object({ ...FilterInput, cursor: z.string().optional(), limit: z.number().int().min(1).max(500).default(100) }),
  output: AuditPageSchema,
  async run(args, ctx) {
    const filter = toFilter(args);
    const beforeId = positionBefore(args.cursor, 'query_audit_log');
    const page = await auditPage(ctx.db, filter, { beforeId, limit: args.limit + 1 });
    const { rows, nextCursor } = logPage(page.rows, args.limit, (row) => row.id);
    return {
      data: { rows: rows.map(entry), total: page.total, hidden_app_reads: page.hidden, next_cursor: nextCursor, facets: args.cursor === undefined ? await auditFacets(ctx.db) : null },
      markdown: [`${page.total} audit rows match${page.hidden > 0 ? ` (${page.hidden} of the app's own reads hidden)` : ''}.`, ...rows.slice(0, 10).map((r) => `- #${r.id} ${r.at} ${r.clientId} ${r.action} → ${r.outcome}`)].join('\n'),
    };
  },
});

export const verifyAuditLogTool = defineTool({
  name: 'verify_audit_log',
  title: 'Verify the audit log (desktop)',
  description: 'Walks the whole hash chain of the audit log and reports whether it is intact, or the first row whose link or content does not verify (a row removed, inserted or edited outside Co-Scientist), and compares its end with the head recorded outside the database (rows cut from the end, a wiped table, an older database file). Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['admin'],
  desktopOnly: true,
  lab: 'view',
  readsAuditLog: true,
  input: z.object({}),
  output: AuditVerdictSchema,
  async run(_args, ctx) {
    const data = await auditLogVerdict(ctx.db, ctx.now());
    return { data, markdown: data.message };
  },
});

export const exportAuditLogTool = defineTool({
  name: 'export_audit_log',
  title: 'Export the audit log (desktop)',
  description: `The audit log (optionally filtered) in log order as JSON Lines or CSV (RFC 4180; cells that a spreadsheet would run as formulas are prefixed with an apostrophe). Up to ${INLINE_LIMIT_BYTES / 1024 / 1024} MiB the export is returned as content; larger ones are written to the data folder's exports/ directory and the path is returned. Desktop app only.`,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['admin'],
  desktopOnly: true,
  lab: 'view',
  readsAuditLog: true,
  input: z.object({ format: z.enum(AUDIT_EXPORT_FORMATS), ...FilterInput }),
  output: AuditExportSchema,
  async run(args, ctx) {
    const result = await exportAuditLog(ctx.db, ctx.dataDir, args.format, toFilter(args), ctx.now());
    const message =
      result.path === null
        ? `Exported ${result.rows} audit rows as ${args.format.toUpperCase()} (${result.bytes} bytes).`
        : `Exported ${result.rows} audit rows as ${args.format.toUpperCase()} (${result.bytes} bytes) to ${result.path}: too large to pass back directly.`;
    return {
      data: { format: args.format, rows: result.rows, bytes: result.bytes, file_name: result.fileName, content: result.content, path: result.path, message },
      markdown: message,
    };
  },
});

export const AUDIT_TOOLS = [queryAuditLogTool, verifyAuditLogTool, exportAuditLogTool];
