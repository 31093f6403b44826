// The desktop's reads of the audit log (store/auditQueries.ts) on either engine: a project's rows
// by target or by its research_id argument, one client's reads left out (by action, or by a mixed
// tool's action argument), pages newest first, the filter menus, and the export's walk in log order.
import { describe, expect, it } from 'vitest';
import { appendAuditRows, type AuditEntry } from '../../../../src-mcp/store/audit.js';
import { auditFacets, auditPage, visitAuditRowsMatching, type AuditFilter } from '../../../../src-mcp/store/auditQueries.js';
import type { AuditRow } from '../../../../src-mcp/store/audit.js';
import { openTestStore, testEngine } from '../../../support/storeEngine.js';

function entry(i: number, fields: Partial<AuditEntry>): AuditEntry {
  return {
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    clientId: 'claude-desktop',
    action: 'tool:list_research_projects',
    target: null,
    arguments: '{}',
    outcome: 'success',
    errorCode: null,
    durationMs: 1,
    ...fields,
  };
}

const LOG: AuditEntry[] = [
  entry(1, { action: 'tool:start_research', target: 'research://projects/res_a' }),
  entry(2, { action: 'resource:read', target: 'research://projects/res_a/hypotheses' }),
  entry(3, { action: 'tool:review_hypothesis', arguments: JSON.stringify({ research_id: 'res_a', action: 'submit' }) }),
  entry(4, { action: 'tool:review_hypothesis', arguments: JSON.stringify({ research_id: 'res_b' }) }),
  entry(5, { clientId: 'desktop', action: 'resource:read', target: 'research://projects/res_a' }),
  entry(6, { clientId: 'desktop', action: 'tool:manage_checkpoints', arguments: JSON.stringify({ research_id: 'res_a', action: 'list' }) }),
  entry(7, { clientId: 'desktop', action: 'tool:manage_checkpoints', arguments: JSON.stringify({ research_id: 'res_a', action: 'decide' }), outcome: 'denied', errorCode: 'insufficient_permissions' }),
  entry(8, { action: 'tool:start_research', target: 'research://projects/res_ab' }),
];

async function logged() {
  const db = await openTestStore('cosci-audit-queries-');
  await appendAuditRows(db, LOG);
  return db;
}

const actionsOf = (rows: readonly AuditRow[]): string[] => rows.map((row) => `${row.id}:${row.action}`);

describe(`audit log queries on ${testEngine()}`, () => {
  it("finds a project's rows by its resource, a resource below it, or its research_id argument, and nothing of a longer id", async () => {
    const db = await logged();
    const page = await auditPage(db, { projectId: 'res_a' }, { limit: 50 });
    expect(page.rows.map((row) => row.id)).toEqual([7, 6, 5, 3, 2, 1]);
    expect(page).toMatchObject({ total: 6, hidden: 0 });
  });

  it("leaves out one client's reads, by action and by a mixed tool's action argument, and counts them", async () => {
    const db = await logged();
    const filter: AuditFilter = { hideReads: { clientId: 'desktop', actions: ['resource:read', 'tool:manage_checkpoints#list'] } };
    const page = await auditPage(db, filter, { limit: 50 });
    expect(actionsOf(page.rows)).toEqual(['8:tool:start_research', '7:tool:manage_checkpoints', '4:tool:review_hypothesis', '3:tool:review_hypothesis', '2:resource:read', '1:tool:start_research']);
    expect(page).toMatchObject({ total: 6, hidden: 2 });
    expect(await auditPage(db, { ...filter, outcome: 'denied', clientId: 'desktop' }, { limit: 50 })).toMatchObject({ total: 1, hidden: 0, rows: [{ id: 7 }] });
  });

  it('pages newest first, within a time window', async () => {
    const db = await logged();
    const window = { since: LOG[1]?.at, until: LOG[6]?.at };
    const first = await auditPage(db, window, { limit: 2 });
    expect(first.rows.map((row) => row.id)).toEqual([6, 5]);
    expect(first.total).toBe(5);
    const second = await auditPage(db, window, { beforeId: 5, limit: 10 });
    expect(second.rows.map((row) => row.id)).toEqual([4, 3, 2]);
  });

  it('offers the clients and actions that occur, and walks the matching rows in log order across pages', async () => {
    const db = await logged();
    expect(await auditFacets(db)).toEqual({
      clients: ['claude-desktop', 'desktop'],
      actions: ['resource:read', 'tool:manage_checkpoints', 'tool:review_hypothesis', 'tool:start_research'],
    });
    await appendAuditRows(db, Array.from({ length: 1_203 }, (_, i) => entry(100 + i, { clientId: 'bulk' })));
    const seen: number[] = [];
    await visitAuditRowsMatching(db, { clientId: 'bulk' }, (row) => seen.push(row.id));
    expect(seen).toHaveLength(1_203);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen[0]).toBe(LOG.length + 1);
  });
});
