// The documented audit outcome is derived twice, in TypeScript for rows and in SQL for filters:
// on every stored outcome and error code the two must agree.
import { describe, expect, it } from 'vitest';
import { appendAudit } from '../../../../src-mcp/store/audit.js';
import { AUDIT_RESULTS, auditResultOf } from '../../../../src-mcp/store/auditOutcomes.js';
import { auditPage } from '../../../../src-mcp/store/auditQueries.js';
import { closeDatabase, writeTransaction } from '../../../../src-mcp/store/database.js';
import { openTestStore } from '../../../support/storeEngine.js';

const STORED = ['success', 'error', 'denied'] as const;
const CODES = [null, 'invalid_input', 'insufficient_permissions', 'safety_blocked', 'rate_limit_exceeded', 'conflict', 'resource_not_found', 'budget_exhausted', 'internal_error'];

describe('documented audit outcomes', () => {
  it('are the same in TypeScript and SQL for every stored outcome and error code', async () => {
    const db = await openTestStore('cosci-outcomes-');
    await writeTransaction(db, async () => {
      for (const outcome of STORED) {
        for (const errorCode of CODES) await appendAudit(db, { at: new Date().toISOString(), clientId: 'c', action: `${outcome}:${errorCode ?? ''}`, target: null, arguments: '{}', outcome, errorCode, durationMs: 1 });
      }
    });
    for (const result of AUDIT_RESULTS) {
      const viaSql = (await auditPage(db, { outcome: result }, { limit: 100 })).rows.map((r) => r.action).sort();
      const viaTs = STORED.flatMap((outcome) => CODES.filter((code) => auditResultOf(outcome, code) === result).map((code) => `${outcome}:${code ?? ''}`)).sort();
      expect(viaSql, result).toEqual(viaTs);
    }
    await closeDatabase(db);
  });

  it('read a refused approval as denied and a bad argument as invalid_input', () => {
    expect(auditResultOf('error', 'insufficient_permissions')).toBe('denied');
    expect(auditResultOf('denied', 'rate_limit_exceeded')).toBe('rate_limited');
    expect(auditResultOf('error', 'invalid_input')).toBe('invalid_input');
    expect(auditResultOf('error', 'conflict')).toBe('error');
    expect(auditResultOf('success', null)).toBe('ok');
  });
});
