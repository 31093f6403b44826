// The audit-log routes of the host ⇄ renderer contract: query, verify the hash chain, export.
// contract.ts spreads them into its one route table and re-exports the types; the renderer
// imports this for its types only.
import { z } from 'zod';

export const AUDIT_OUTCOMES = ['success', 'error', 'denied'] as const;
const Outcome = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = z.infer<typeof Outcome>;

/** The filters the audit view offers; times are ISO 8601 (since inclusive, until exclusive). */
export const AuditFilterSchema = z.object({
  client: z.string().min(1).optional(),
  action: z.string().min(1).optional(),
  outcome: Outcome.optional(),
  since: z.string().min(1).optional(),
  until: z.string().min(1).optional(),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  client_id: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  /** JSON text, secrets already replaced by [REDACTED] when the row was written. */
  arguments: z.string(),
  outcome: Outcome,
  error_code: z.string().nullable(),
  duration_ms: z.number(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  rows: z.array(AuditEntrySchema),
  total: z.number().int(),
  next_cursor: z.string().nullable(),
  facets: z.object({ clients: z.array(z.string()), actions: z.array(z.string()) }).nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditVerdictSchema = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  first_broken_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  checked_at: z.string(),
  message: z.string(),
});
export type AuditVerdict = z.infer<typeof AuditVerdictSchema>;

export const AuditExportSchema = z.object({
  format: z.enum(['jsonl', 'csv']),
  rows: z.number().int(),
  bytes: z.number().int(),
  file_name: z.string(),
  content: z.string().nullable(),
  path: z.string().nullable(),
  message: z.string(),
});
export type AuditExport = z.infer<typeof AuditExportSchema>;

export const auditRoutes = {
  'audit.query': {
    input: AuditFilterSchema.extend({ cursor: z.string().optional(), limit: z.number().int().min(1).max(500).optional() }).strict(),
    output: AuditPageSchema,
  },
  'audit.verify': { input: z.object({}).strict(), output: AuditVerdictSchema },
  'audit.export': { input: AuditFilterSchema.extend({ format: z.enum(['jsonl', 'csv']) }).strict(), output: AuditExportSchema },
} as const;
