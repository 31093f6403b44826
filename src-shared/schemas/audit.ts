// Result shapes of the desktop's audit tools (query_audit_log, verify_audit_log,
// export_audit_log), defined once for the tools and the desktop host's contract. Imports zod
// only: the renderer type-checks it through the contract.
import { z } from 'zod';

/** The documented outcomes (docs/audit-outcomes.md), defined once: the store derives them from each row (src-mcp/store/auditOutcomes.ts), the renderer labels them. */
export const AUDIT_OUTCOMES = ['ok', 'denied', 'rate_limited', 'invalid_input', 'error'] as const;
export const AuditOutcomeSchema = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = z.infer<typeof AuditOutcomeSchema>;

export const AUDIT_EXPORT_FORMATS = ['jsonl', 'csv'] as const;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  client_id: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  arguments: z.string().describe('The call\'s arguments as JSON, secrets replaced by [REDACTED] and long strings shortened.'),
  outcome: AuditOutcomeSchema.describe('What the call came to: ok, denied (by policy), rate_limited, invalid_input or error.'),
  stored_outcome: z.enum(['success', 'error', 'denied']).describe('The outcome as stored and covered by the row hash.'),
  error_code: z.string().nullable(),
  duration_ms: z.number(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  rows: z.array(AuditEntrySchema),
  total: z.number().int().describe('Rows matching the filters, all pages together.'),
  hidden_app_reads: z.number().int().optional().describe('Rows that match the other filters but are the app\'s own reads, left out by hide_app_reads.'),
  next_cursor: z.string().nullable(),
  facets: z.object({ clients: z.array(z.string()), actions: z.array(z.string()) }).nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditVerdictSchema = z.object({
  ok: z.boolean(),
  rows: z.number().int().describe('Rows checked (up to and including the first broken one).'),
  first_broken_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  missing_rows: z
    .object({ from: z.number().int(), to: z.number().int(), detected_at: z.string().nullable() })
    .nullable()
    .optional()
    .describe('Rows cut from the end of the log (or a wiped table, or an older database file), found against the head recorded outside the database.'),
  checked_at: z.string(),
  message: z.string(),
});
export type AuditVerdict = z.infer<typeof AuditVerdictSchema>;

export const AuditExportSchema = z.object({
  format: z.enum(AUDIT_EXPORT_FORMATS),
  rows: z.number().int(),
  bytes: z.number().int(),
  file_name: z.string(),
  content: z.string().nullable().describe('The export, when at most the inline limit.'),
  path: z.string().nullable().describe('Where the export was written, when larger.'),
  message: z.string(),
});
export type AuditExport = z.infer<typeof AuditExportSchema>;
