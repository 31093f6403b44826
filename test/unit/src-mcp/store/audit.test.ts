// The audit chain detects edits, deletions and insertions, and names the first broken row; appends
// from several processes on one database keep one chain; the head anchored outside the table finds
// a cut tail, on PostgreSQL by each replica against its own anchor. On either engine (openTestStore).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeDatabase, databaseFile, writeTransaction, type Db } from '../../../../src-mcp/store/database.js';
import { appendAudit, appendAuditRows, auditRows, findTailLoss, recordAnchorBreach, tryAppendAuditRows, verifyAuditChain, GENESIS_HASH, TAIL_MISSING_ACTION, type AuditEntry } from '../../../../src-mcp/store/audit.js';
import { AUDIT_ANCHOR_FILE, anchorPath, compareWithAnchor, findAnchorBreach, postgresAnchorFile, publishAuditAnchor, readAuditAnchor } from '../../../../src-mcp/store/auditAnchor.js';
import { engineOf } from '../../../../src-mcp/store/handle.js';
import { execute, row, rows, scalar } from '../../../../src-mcp/store/sql.js';
import { openTestStore, testEngine, testStoreDataDir, testStoreUrl } from '../../../support/storeEngine.js';
import { openSecondHandle } from '../../../support/secondStoreHandle.js';
import { makeTempDir } from '../../../support/tempDirs.js';

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

  // A batch goes in as a few multi-row INSERTs (sizes by chunkSizes): each size's rows must take
  // their ids in the order given, across statements, and the anchor must name the batch's last row.
  it('appends a batch in the order given, whatever statements it is cut into, and anchors its last row', async () => {
    const db = await openTestStore('cosci-audit-batch-');
    let appended = 0;
    for (const size of [1, 3, 100, 1_029]) {
      await appendAuditRows(db, Array.from({ length: size }, (_, i) => entry(appended + i)));
      appended += size;
      const stored = await auditRows(db, { afterId: 0, limit: appended });
      expect(stored.map((row) => row.id)).toEqual(Array.from({ length: appended }, (_, i) => i + 1));
      expect(stored.map((row) => (JSON.parse(row.arguments) as { i: number }).i)).toEqual(Array.from({ length: appended }, (_, i) => i));
      expect(readAuditAnchor(db)).toEqual(await head(db));
    }
    expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: appended });
  });

  // PostgreSQL only: two SQLite connections in one process cannot race — the second's BEGIN IMMEDIATE
  // waits out its busy timeout synchronously, blocking the event loop the first needs to commit.
  // (SQLite's server processes are separate processes, each with one connection: unitOfWork.ts.)
  // The two handles share one anchor file (one data folder): an append that read no anchor must not
  // be compared with the one the other handle writes meanwhile (a false audit:tail-missing row, the
  // row count below, until compareWithAnchor took the anchor read with the append's lookup).
  it.skipIf(testEngine() === 'sqlite')('keeps one unbroken chain when two processes append at once', async () => {
    const db = await openTestStore('cosci-audit-race-');
    const other = await openSecondHandle(db);
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
      // Anchors published by racing commits never name a row the table lacks: no false alarm.
      expect(await findTailLoss(db)).toBeUndefined();
      expect(await findTailLoss(other)).toBeUndefined();
    } finally {
      await closeDatabase(other);
    }
  });

  it('a no-wait append answers false, writing nothing, while another process holds the write lock; then appends', async () => {
    const db = await seeded(1);
    const other = await openSecondHandle(db);
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

const head = async (db: Db): Promise<{ id: number; hash: string }> => (await row<{ id: number; hash: string }>(db, 'SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1')) as { id: number; hash: string };
const findings = async (db: Db): Promise<Array<{ target: string; arguments: string }>> => rows(db, 'SELECT target, arguments FROM audit_log WHERE action = ? ORDER BY id', [TAIL_MISSING_ACTION]);

// The head anchored outside the table (auditAnchor.ts): on SQLite the file next to the database,
// on PostgreSQL each process's own file for the database in its data folder. One code path.
describe(`the audit log's tail anchor on ${testEngine()}`, () => {
  it('names the newest committed row, in the data folder: audit-anchor.json on SQLite, a file per database address on PostgreSQL', async () => {
    const db = await seeded(3);
    await appendAuditRows(db, [entry(3)]);
    expect(await tryAppendAuditRows(db, [entry(4)])).toBe(true);
    await publishAuditAnchor(db);
    expect(readAuditAnchor(db)).toEqual(await head(db));
    const file = anchorPath(db) as string;
    expect(fs.existsSync(file)).toBe(true);
    if (engineOf(db) === 'postgres') {
      expect(path.dirname(file)).toBe(testStoreDataDir(db));
      expect(path.basename(file)).toBe(postgresAnchorFile(testStoreUrl(db) as string));
    } else {
      expect(file).toBe(path.join(path.dirname(databaseFile(db)), AUDIT_ANCHOR_FILE));
    }
  });

  it('keys a PostgreSQL anchor by host, port, database and user — never by the password or connection options', () => {
    const base = postgresAnchorFile('postgres://lab:first-secret@db.lab.example:5432/cosci');
    expect(base).toMatch(/^audit-anchor-[0-9a-f]{16}\.json$/);
    expect(base).not.toContain('secret');
    expect(postgresAnchorFile('postgresql://lab:other-secret@DB.lab.example/cosci?sslmode=require&password=x')).toBe(base);
    for (const other of ['postgres://lab@db.lab.example:5433/cosci', 'postgres://lab@db2.lab.example:5432/cosci', 'postgres://lab@db.lab.example:5432/cosci_test', 'postgres://admin@db.lab.example:5432/cosci']) {
      expect(postgresAnchorFile(other), other).not.toBe(base);
    }
  });

  it('compares an append with the anchor it read: one another process writes meanwhile raises no alarm', async () => {
    const db = await seeded(2);
    // The append read the anchor file before the other process's first anchor existed (none), and
    // looked up the hash of no row: the file written since is not paired with that lookup.
    expect(readAuditAnchor(db)).toEqual(await head(db));
    expect(await compareWithAnchor(db, undefined, null)).toBeUndefined();
    // Given the anchor it read, the same lookup is a breach only when that row really is gone.
    expect(await compareWithAnchor(db, await head(db), null)).toMatchObject({ kind: 'missing' });
    expect(await compareWithAnchor(db, await head(db), (await head(db)).hash)).toBeUndefined();
  });

  it('is never ahead of what is committed: a write rolled back leaves it where it was', async () => {
    const db = await seeded(2);
    const before = readAuditAnchor(db);
    expect(before).toEqual(await head(db));
    await expect(writeTransaction(db, async () => {
      await appendAudit(db, entry(2));
      throw new Error('the call failed after its row');
    })).rejects.toThrow(/the call failed/);
    expect(readAuditAnchor(db)).toEqual(before);
    expect(await findTailLoss(db)).toBeUndefined();
    await writeTransaction(db, async () => await appendAudit(db, entry(3)));
    expect(readAuditAnchor(db)).toEqual(await head(db));
    expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 3 });
  });

  it('finds rows cut from the end at the next write, under the write lock, records them once, and the chain still verifies', async () => {
    const db = await seeded(5);
    await withoutGuards(db, () => execute(db, 'DELETE FROM audit_log WHERE id > 2'));
    expect(await findTailLoss(db)).toMatchObject({ from: 3, to: 5, detectedAt: null, message: expect.stringMatching(/^rows 3–5 are missing from the end of the audit log/) });
    await writeTransaction(db, async () => await appendAudit(db, entry(5)));
    await appendAuditRows(db, [entry(6)]);
    expect(await writeTransaction(db, async () => await recordAnchorBreach(db))).toBeUndefined();
    const recorded = await findings(db);
    expect(recorded).toHaveLength(1);
    expect(JSON.parse(recorded[0]!.arguments)).toMatchObject({ anchor_id: 5, table_head_id: 2, kind: 'missing' });
    expect(await findTailLoss(db)).toMatchObject({ from: 3, to: 5, detectedAt: expect.any(String) });
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
    expect(readAuditAnchor(db)).toEqual(await head(db));
  });

  // SQLite keeps one anchor per database file, shared by every process on it; PostgreSQL's replicas
  // (other machines, no shared folder) keep one each, and each must find the cut on its own.
  it.skipIf(testEngine() === 'sqlite')('two replicas with their own data folders each find a tail cut below what both have seen: one finding per anchor', async () => {
    const first = await openTestStore('cosci-audit-replica-');
    const second = await openSecondHandle(first, makeTempDir('cosci-audit-replica-two-'));
    try {
      expect(anchorPath(second)).not.toBe(anchorPath(first));
      expect(path.basename(anchorPath(second) as string)).toBe(path.basename(anchorPath(first) as string));
      for (let i = 0; i < 3; i += 1) {
        await writeTransaction(first, async () => await appendAudit(first, entry(i, 'first')));
        await appendAuditRows(second, [entry(i, 'second')]);
      }
      const seenByFirst = readAuditAnchor(first) as { id: number; hash: string };
      const seenBySecond = readAuditAnchor(second) as { id: number; hash: string };
      expect([seenByFirst.id, seenBySecond.id]).toEqual([5, 6]);
      // What someone with the database's credentials does: cut the log below both replicas' anchors.
      await withoutGuards(first, () => execute(first, 'DELETE FROM audit_log WHERE id > 3'));

      await writeTransaction(first, async () => await appendAudit(first, entry(10, 'first')));
      expect((await findings(first)).map((f) => f.target)).toEqual([`audit-anchor:5:${seenByFirst.hash}`]);
      // The second replica has not written since: verify_audit_log and its doctor already see the cut it missed.
      expect(await findTailLoss(second)).toMatchObject({ from: 4, to: 5 });
      await appendAuditRows(second, [entry(10, 'second')]);
      await writeTransaction(first, async () => await appendAudit(first, entry(11, 'first')));
      await appendAuditRows(second, [entry(11, 'second')]);
      const recorded = await findings(second);
      expect(recorded.map((f) => f.target)).toEqual([`audit-anchor:5:${seenByFirst.hash}`, `audit-anchor:6:${seenBySecond.hash}`]);
      expect(JSON.parse(recorded[1]!.arguments)).toMatchObject({ anchor_id: 6, table_head_id: 3, kind: 'missing' });
      expect(JSON.parse(recorded[1]!.arguments).message).toMatch(/^rows 4–6 are missing from the end of the audit log \(it ended at row 3, before the rows appended since/);
      expect(await verifyAuditChain(first)).toMatchObject({ ok: true });
      expect(await findTailLoss(second)).toMatchObject({ from: 4, to: 5, detectedAt: expect.any(String) });
      expect(readAuditAnchor(first)).toMatchObject({ id: expect.any(Number) });
      expect(await findAnchorBreach(first)).toBeUndefined();
      expect(await findAnchorBreach(second)).toBeUndefined();
    } finally {
      await closeDatabase(second);
    }
  });
});
