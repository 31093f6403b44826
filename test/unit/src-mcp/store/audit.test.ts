// The audit chain detects edits, deletions and insertions, and names the first broken row.
import { describe, expect, it } from 'vitest';
import { openDatabase, writeTransaction, type Db } from '../../../../src-mcp/store/database.js';
import { appendAudit, verifyAuditChain, GENESIS_HASH, type AuditEntry } from '../../../../src-mcp/store/audit.js';
import { makeTempDir } from '../../../support/tempDirs.js';
import { sqlite } from '../../../../src-mcp/store/handle.js';

async function seeded(count: number): Promise<Db> {
  const db = await openDatabase(makeTempDir('cosci-audit-'));
  for (let i = 0; i < count; i += 1) {
    const entry: AuditEntry = {
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      clientId: i % 2 === 0 ? 'claude-desktop' : 'cursor',
      action: 'tool:list_research_projects',
      target: null,
      arguments: JSON.stringify({ i }),
      outcome: 'success',
      errorCode: null,
      durationMs: 0.5,
    };
    await writeTransaction(db, async () => await appendAudit(db, entry));
  }
  return db;
}

/** What an attacker with file access could do: drop our guard triggers and rewrite rows. */
function withoutGuards(db: Db, work: () => void): void {
  sqlite(db).exec('DROP TRIGGER audit_log_is_append_only_update; DROP TRIGGER audit_log_is_append_only_delete;');
  work();
}

describe('audit chain', () => {
  it('verifies an intact chain that starts at the genesis hash', async () => {
    const db = await seeded(5);
    expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 5 });
    expect(sqlite(db).prepare('SELECT prev_hash FROM audit_log ORDER BY id LIMIT 1').pluck().get()).toBe(GENESIS_HASH);
  });

  it('refuses UPDATE and DELETE through the program', async () => {
    const db = await seeded(2);
    expect(() => sqlite(db).prepare("UPDATE audit_log SET outcome = 'error' WHERE id = 1").run()).toThrow(/append-only/);
    expect(() => sqlite(db).prepare('DELETE FROM audit_log WHERE id = 1').run()).toThrow(/append-only/);
  });

  it('names the first edited row', async () => {
    const db = await seeded(5);
    withoutGuards(db, () => sqlite(db).prepare("UPDATE audit_log SET client_id = 'someone-else' WHERE id = 3").run());
    expect(await verifyAuditChain(db)).toMatchObject({ ok: false, firstBrokenId: 3, reason: expect.stringMatching(/edited/) });
  });

  it('names the row after a deleted one', async () => {
    const db = await seeded(5);
    withoutGuards(db, () => sqlite(db).prepare('DELETE FROM audit_log WHERE id = 2').run());
    expect(await verifyAuditChain(db)).toMatchObject({ ok: false, firstBrokenId: 3, reason: expect.stringMatching(/removed or inserted/) });
  });

  it('detects a re-hashed edit because the next row still links to the old hash', async () => {
    const db = await seeded(4);
    withoutGuards(db, () => {
      sqlite(db).prepare("UPDATE audit_log SET hash = 'f'||substr(hash, 2) WHERE id = 2").run();
    });
    const verdict = await verifyAuditChain(db);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.firstBrokenId).toBe(2);
  });
});
