// The documented outcome of every audit row (issue 15 item 8; docs/audit-outcomes.md). The log
// stores the outcome its hash chain covers (success | error | denied) and the error code; what a
// call came to is read from both, so rows written before this set existed get one too:
//
//   ok            the call did what was asked
//   denied        refused by policy: a missing scope, a desktop-only action, a safety hold or a
//                 decision only the scientist may make
//   rate_limited  refused by the client's rate limit (retry later)
//   invalid_input the arguments or the submitted data were wrong; nothing changed
//   error         anything else that failed (not found, conflict, budget, internal)
// The list itself is src-shared's (AUDIT_OUTCOMES), which the tools' schemas and the renderer's labels use too.
import type { AuditOutcome as AuditResult } from '../../src-shared/schemas/audit.js';

export { AUDIT_OUTCOMES as AUDIT_RESULTS, type AuditOutcome as AuditResult } from '../../src-shared/schemas/audit.js';

/** Error codes that mean "refused by policy" even when a row stored them as an error (rows before issue 15). */
export const DENIAL_CODES: readonly string[] = ['insufficient_permissions', 'safety_blocked'];

export function auditResultOf(stored: string, errorCode: string | null): AuditResult {
  if (stored === 'success') return 'ok';
  if (errorCode === 'rate_limit_exceeded') return 'rate_limited';
  if (stored === 'denied' || (errorCode !== null && DENIAL_CODES.includes(errorCode))) return 'denied';
  if (errorCode === 'invalid_input') return 'invalid_input';
  return 'error';
}

/** auditResultOf in SQL, for filters (test/unit/src-mcp/store/auditOutcomes.test.ts keeps the two equal). */
export const AUDIT_RESULT_SQL = `CASE
  WHEN outcome = 'success' THEN 'ok'
  WHEN error_code = 'rate_limit_exceeded' THEN 'rate_limited'
  WHEN outcome = 'denied' OR error_code IN (${DENIAL_CODES.map((code) => `'${code}'`).join(', ')}) THEN 'denied'
  WHEN error_code = 'invalid_input' THEN 'invalid_input'
  ELSE 'error' END`;
