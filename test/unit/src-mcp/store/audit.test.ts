// The audit chain detects edits, deletions and insertions, and names the first broken row; appends
// from several processes on one database keep one chain. On either engine (openTestStore).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeDatabase, databaseFile, openDatabase, openPostgresDatabase, writeTransaction, type Db } from '../../../../src-mcp/store/database.js';
import { appendAudit, appendAuditRows, auditRows, findTailLoss, recordAnchorBreach, tryAppendAuditRows, verifyAuditChain, GENESIS_HASH, type AuditEntry } from '../../../../src-mcp/store/audit.js';
import { findAnchorBreach, publishAuditAnchor, readAuditAnchor } from '../../../../src-mcp/store/auditAnchor.js';
import { engineOf } from '../../../../src-mcp/store/handle.js';
import { execute, scalar } from '../../../../src-mcp/store/sql.js';
import { openTestStore, testEngine, testStoreUrl } from '../../../support/storeEngine.js';

function entry(i: number, clientId = i % 2 === 0 ? 'claude-desktop' : 'cursor'): AuditEntry {
  return {
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    clientId,
    action: 'tool:list_research_projects',
    target: null,
    arguments: JSON.stringify({ i }),
    outcome: 'success',
    errorCode: null,
    durationMs: 0.5,
  };
}

async function seeded(count: number): Promise<Db> {
  const db = await openTestStore('cosci-audit-');
  for (let i = 0; i < count; i += 1) await writeTransaction(db, async () => await appendAudit(db, entry(i)));
  return db;
}

/** What an attacker with file (or superuser) access could do: drop our guard triggers and rewrite rows. */
async function withoutGuards(db: Db, work: () => Promise<unknown>): Promise<void> {
  const on = engineOf(db) === 'postgres' ? ' ON audit_log' : '';
  await execute(db, `DROP TRIGGER audit_log_is_append_only_update${on}`);
  await execute(db, `DROP TRIGGER audit_log_is_append_only_delete${on}`);
  await work();
}

/** A second handle on the same store, as another server process opens it. */
async function secondHandle(db: Db): Promise<Db> {
  const url = testStoreUrl(db);
  return url === undefined ? await openDatabase(path.dirname(databaseFile(db))) : await openPostgresDatabase(url);
}

describe(`audit chain on ${testEngine()}`, () => {
  it('verifies an intact chain that starts at the genesis hash', async () => {
    const db = await seeded(5);
    expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 5 });
    expect(await scalar(db, 'SELECT prev_hash FROM audit_log ORDER BY id LIMIT 1')).toBe(GENESIS_HASH);
  });

  it('refuses UPDATE and DELETE through the program', async () => {
    const db = await seeded(2);
    await expect(execute(db, "UPDATE audit_log SET outcome = 'error' WHERE id = 1")).rejects.toThrow(/append-only/);
    await expect(execute(db, 'DELETE FROM audit_log WHERE id = 1')).rejects.toThrow(/append-only/);
  });

  it('names the first edited row', async () => {
    const db = await seeded(5);
    await withoutGuards(db, () => execute(db, "UPDATE audit_log SET client_id = 'someone-else' WHERE id = 3"));
    expect(await verifyAuditChain(db)).toMatchObject({ ok: false, firstBrokenId: 3, reason: expect.stringMatching(/edited/) });
  });

  it('names the row after a deleted one', async () => {
    const db = await seeded(5);
    await withoutGuards(db, () => execute(db, 'DELETE FROM audit_log WHERE id = 2'));
    expect(await verifyAuditChain(db)).toMatchObject({ ok: false, firstBrokenId: 3, reason: expect.stringMatching(/removed or inserted/) });
  });

  it('detects a re-hashed edit because the next row still links to the old hash', async () => {
    const db = await seeded(4);
    await withoutGuards(db, () => execute(db, "UPDATE audit_log SET hash = 'f' || substr(hash, 2) WHERE id = 2"));
    const verdict = await verifyAuditChain(db);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.firstBrokenId).toBe(2);
  });

  it('walks a chain longer than one page of the verifier', async () => {
    const db = await openTestStore('cosci-audit-long-');
    await appendAuditRows(db, Array.from({ length: 2_345 }, (_, i) => entry(i)));
    expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 2_345 });
    expect((await auditRows(db, { afterId: 2_340, limit: 10 })).map((row) => row.id)).toEqual([2_341, 2_342, 2_343, 2_344, 2_345]);
  });

  // PostgreSQL only: two SQLite connections in one process cannot race — the second's BEGIN IMMEDIATE
  // waits out its busy timeout synchronously, blocking the event loop the first needs to commit.
  // (SQLite's server processes are separate processes, each with one connection: unitOfWork.ts.)
  it.skipIf(testEngine() === 'sqlite')('keeps one unbroken chain when two processes append at once', async () => {
    const db = await openTestStore('cosci-audit-race-');
    const other = await secondHandle(db);
    try {
      const PER_HANDLE = 40;
      // Each handle appends as a tool call does (a write transaction per row), as the read queue does
      // (batches of its own), and as the read timer does (a no-wait attempt, retried when the lock is held).
      const appends = (handle: Db, clientId: string): Array<Promise<unknown>> =>
        Array.from({ length: PER_HANDLE }, (_, i) => {
          const row = entry(i, clientId);
          if (i % 3 === 0) return writeTransaction(handle, async () => await appendAudit(handle, row));
          if (i % 3 === 1) return appendAuditRows(handle, [row, { ...row, action: 'resource:read' }]);
          return (async () => {
            while (!(await tryAppendAuditRows(handle, [row]))) await new Promise((resolve) => setTimeout(resolve, 5));
          })();
        });
      await Promise.all([...appends(db, 'first'), ...appends(other, 'second')]);
      const expected = 2 * (PER_HANDLE + Math.ceil((PER_HANDLE - 1) / 3));
      expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: expected });
      expect(await verifyAuditChain(other)).toEqual({ ok: true, rows: expected });
      expect(await scalar(db, 'SELECT COUNT(DISTINCT prev_hash) FROM audit_log')).toBe(expected);
    } finally {
      await closeDatabase(other);
    }
  });

  it('a no-wait append answers false, writing nothing, while another process holds the write lock; then appends', async () => {
    const db = await seeded(1);
    const other = await secondHandle(db);
    try {
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding = (): void => undefined;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const otherWrite = writeTransaction(other, async () => {
        await appendAudit(other, entry(1, 'other'));
        holding();
        await released;
      });
      await held;
      expect(await tryAppendAuditRows(db, [entry(2, 'reader')])).toBe(false);
      release();
      await otherWrite;
      expect(await tryAppendAuditRows(db, [entry(2, 'reader')])).toBe(true);
      expect((await auditRows(db, { limit: 10 })).map((row) => row.clientId)).toEqual(['claude-desktop', 'other', 'reader']);
      expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 3 });
    } finally {
      await closeDatabase(other);
    }
  });
});

// The anchor is a file next to SQLite's database (auditAnchor.ts); PostgreSQL has none, and
// nothing on the way of an append, a commit or a check may reach for the SQLite connection.
describe.skipIf(testEngine() === 'sqlite')('the audit anchor on postgres', () => {
  it('is absent: appends, the anchor checks and the tail check run without it', async () => {
    const db = await seeded(3);
    await appendAuditRows(db, [entry(3)]);
    expect(await tryAppendAuditRows(db, [entry(4)])).toBe(true);
    publishAuditAnchor(db);
    expect(readAuditAnchor(db)).toBeUndefined();
    expect(findAnchorBreach(db, { id: 99, hash: 'f'.repeat(64) })).toBeUndefined();
    expect(await writeTransaction(db, async () => await recordAnchorBreach(db))).toBeUndefined();
    expect(await findTailLoss(db)).toBeUndefined();
    expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 5 });
  });
});
