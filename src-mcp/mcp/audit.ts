// Records what every client did (ARCHITECTURE §4): one row per tool call and resource read.
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import { appendAudit, type AuditOutcome } from '../store/audit.js';

const SECRET_KEY = /(api[-_]?key|token|secret|password|passphrase|authorization|cookie|credential)/i;
const MAX_STRING = 2000;
const MAX_DEPTH = 8;

/** Copies arguments for the audit log with secrets masked and very long strings shortened. */
export function redactArguments(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '[nested too deeply]';
  if (typeof value === 'string') {
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… [${value.length - MAX_STRING} more characters]` : value;
  }
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => redactArguments(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = SECRET_KEY.test(key) ? '[REDACTED]' : redactArguments(item, depth + 1);
    }
    return copy;
  }
  return value;
}

export interface AuditRecord {
  clientId: string;
  action: string;
  target: string | null;
  args: unknown;
  outcome: AuditOutcome;
  errorCode: string | null;
  startedAt: Date;
  durationMs: number;
}

export function recordAudit(db: Db, record: AuditRecord): void {
  writeTransaction(db, () =>
    appendAudit(db, {
      at: record.startedAt.toISOString(),
      clientId: record.clientId,
      action: record.action,
      target: record.target,
      arguments: JSON.stringify(redactArguments(record.args ?? {})),
      outcome: record.outcome,
      errorCode: record.errorCode,
      durationMs: Math.round(record.durationMs * 1000) / 1000,
    }),
  );
}
