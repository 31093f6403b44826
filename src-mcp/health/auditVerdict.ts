// The one verdict on the audit log: its hash chain walked row by row, and its end compared with the
// head anchored outside the database (rows cut from the end, a wiped table, an older database
// file). verify_audit_log returns it and the doctor reports it, so the two never disagree (the
// doctor once said "hash chain intact" over a log whose last rows had been deleted).
import type { AuditVerdict } from '../../src-shared/schemas/audit.js';
import { findTailLoss, verifyAuditChain, type ChainVerdict, type TailLoss } from '../store/audit.js';
import type { Db } from '../store/database.js';

export async function auditLogVerdict(db: Db, now: Date): Promise<AuditVerdict> {
  return auditVerdictOf(await verifyAuditChain(db), await findTailLoss(db), now);
}

/** The verdict's wording from the chain walk and the tail check, whichever engine they ran on (the PostgreSQL doctor too). */
export function auditVerdictOf(verdict: ChainVerdict, loss: TailLoss | undefined, now: Date): AuditVerdict {
  const chain = verdict.ok
    ? `The hash chain is intact: all ${verdict.rows} rows verify.`
    : `The audit log was altered: row ${verdict.firstBrokenId} does not verify (${verdict.reason}). Rows before it are intact; keep an export of the log and treat later rows with suspicion.`;
  const tail = loss === undefined ? '' : ` But ${loss.message}${loss.detectedAt === null ? '' : ` (noticed ${loss.detectedAt})`}.`;
  const message = verdict.ok && loss === undefined ? `The audit log is intact: all ${verdict.rows} rows verify, and it ends where it should.` : `${chain}${tail}`;
  return {
    ok: verdict.ok && loss === undefined,
    rows: verdict.rows,
    first_broken_id: verdict.ok ? (loss?.from ?? null) : verdict.firstBrokenId,
    reason: verdict.ok ? (loss?.message ?? null) : verdict.reason,
    missing_rows: loss === undefined ? null : { from: loss.from, to: loss.to, detected_at: loss.detectedAt },
    checked_at: now.toISOString(),
    message,
  };
}
