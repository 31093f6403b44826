// The audit-log routes of the host ⇄ renderer contract: query, verify the hash chain, export.
// Their handlers are src-main/host/audit.handlers.ts; index.ts spreads them into its one route
// table and re-exports the types; the renderer imports them as types only.
// The tools' result shapes are theirs (src-shared/schemas), defined once there.
import { z } from 'zod';
import {
  AUDIT_EXPORT_FORMATS,
  AuditExportSchema,
  AuditOutcomeSchema,
  AuditPageSchema,
  AuditVerdictSchema,
} from '../schemas/audit.js';

export { AUDIT_OUTCOMES, AuditEntrySchema, AuditExportSchema, AuditPageSchema, AuditVerdictSchema } from '../schemas/audit.js';
export type { AuditEntry, AuditExport, AuditOutcome, AuditPage, AuditVerdict } from '../schemas/audit.js';

/** The filters the audit view offers; times are ISO 8601 (since inclusive, until exclusive). */
export const AuditFilterSchema = z.object({
  client: z.string().min(1).optional(),
  action: z.string().min(1).optional(),
  outcome: AuditOutcomeSchema.optional(),
  since: z.string().min(1).optional(),
  until: z.string().min(1).optional(),
  research_id: z.string().min(1).optional(),
  hide_app_reads: z.boolean().optional(),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const auditRoutes = {
  'audit.query': {
    input: AuditFilterSchema.extend({ cursor: z.string().optional(), limit: z.number().int().min(1).max(500).optional() }).strict(),
    output: AuditPageSchema,
  },
  'audit.verify': { input: z.object({}).strict(), output: AuditVerdictSchema },
  'audit.export': { input: AuditFilterSchema.extend({ format: z.enum(AUDIT_EXPORT_FORMATS) }).strict(), output: AuditExportSchema },
} as const;
