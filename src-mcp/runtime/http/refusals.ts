// Every request the HTTP endpoint refuses is answered with its status and a reason, and recorded
// in the audit log with who asked for what (issue 31: hostile requests, each answered and audited).
import type { ServerResponse } from 'node:http';
import type { Db } from '../../store/database.js';
import { recordReadOnlyAudit } from '../../mcp/audit/callAudit.js';

/** The audit error codes of refusals; `rate_limit_exceeded` reads as rate_limited (store/auditOutcomes.ts). */
export type RefusalCode = 'invalid_token' | 'invalid_request' | 'insufficient_scope' | 'foreign_origin' | 'foreign_host' | 'payload_too_large' | 'rate_limit_exceeded';

export const REFUSED_ACTION = 'http:refused';

export interface Refusal {
  status: 400 | 401 | 403 | 413 | 429;
  code: RefusalCode;
  /** For the scientist reading the audit log and the client reading the answer. */
  reason: string;
  /** Who asked: the caller's name once known, else the network address. */
  who: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Facts for the audit row (never a token). */
  details?: Record<string, unknown>;
}

export function refuse(db: Db, res: ServerResponse, refusal: Refusal): void {
  const startedAt = new Date();
  // Queued like a read's row (mcp/readAudit.ts): a flood of refusals must not queue on the write lock.
  recordReadOnlyAudit(db, {
    clientId: refusal.who,
    action: REFUSED_ACTION,
    target: `${refusal.method} ${refusal.path}`,
    args: { status: refusal.status, reason: refusal.reason, ...refusal.details },
    outcome: 'denied',
    errorCode: refusal.code,
    startedAt,
    durationMs: 0,
  });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: refusal.code, error_description: refusal.reason });
  res.writeHead(refusal.status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...refusal.headers });
  res.end(body);
}

export function anonymousCaller(remoteAddress: string | undefined): string {
  return `anonymous (${remoteAddress ?? 'unknown address'})`;
}
