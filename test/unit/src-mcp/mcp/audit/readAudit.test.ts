// Read rows are batched and never wait for the write lock on a call's path (mcp/audit/readAudit.ts): on a
// real SQLite file, with a second connection standing in for another server process, a read's row
// is queued, reaches the table in call order with the next flush (timer, full queue, close), and
// the chain still verifies; a lock held by the other connection only postpones the flush.
// SQLite only: these hold SQLite's lock from a raw second connection, read its busy timeout and the
// anchor file. PostgreSQL's no-wait append (pg_try_advisory_xact_lock) and appends racing from two
// processes are tested in test/unit/src-mcp/store/audit.test.ts on both engines.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { closeDatabase, type Db, openDatabase } from '../../../../../src-mcp/store/database.js';
import { verifyAuditChain } from '../../../../../src-mcp/store/audit.js';
import { readAuditAnchor } from '../../../../../src-mcp/store/auditAnchor.js';
import { recordReadOnlyAudit, type AuditRecord } from '../../../../../src-mcp/mcp/audit/callAudit.js';
import { appendQueuedReads, drainReadAudit, flushReadAudit, FLUSH_MS, MAX_PENDING } from '../../../../../src-mcp/mcp/audit/readAudit.js';
import { makeTempDir } from '../../../../support/tempDirs.js';
import { sqlite } from '../../../../../src-mcp/store/handle.js';
import { testEngine } from '../../../../support/storeEngine.js';

let dir: string;
let reader: Db;
let other: Db;

beforeEach(async () => {
  dir = makeTempDir('cosci-readaudit-');
  reader = await openDatabase(dir);
  other = await openDatabase(dir);
});

afterEach(async () => {
  if (sqlite(other).inTransaction) sqlite(other).exec('ROLLBACK');
  await flushReadAudit(reader);
  await closeDatabase(reader);
  await closeDatabase(other);
  fs.rmSync(dir, { recursive: true, force: true });
});

const read = (n: number): AuditRecord => ({
  clientId: 'claude-desktop', action: 'tool:get_research_status', target: `research://projects/res_${n}`, args: { n }, outcome: 'success', errorCode: null, startedAt: new Date(Date.UTC(2026, 10, 26, 0, 0, n)), durationMs: 0.5,
});
const targets = (db: Db): string[] => sqlite(db).prepare("SELECT target FROM audit_log WHERE action = 'tool:get_research_status' ORDER BY id").pluck().all() as string[];

describe.skipIf(testEngine() === 'postgres')('read audit rows', () => {
  it('are queued, then appended in call order as one transaction FLUSH_MS later, and the anchor moves past them', async () => {
    const head = (): { id: number; hash: string } => sqlite(other).prepare('SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1').get() as { id: number; hash: string };
    const started = performance.now();
    for (let n = 1; n <= 3; n += 1) recordReadOnlyAudit(reader, read(n));
    // Nothing is written while the calls are answered.
    expect(targets(other)).toEqual([]);
    await expect.poll(() => targets(other), { timeout: 5_000, interval: FLUSH_MS / 4 }).toEqual([1, 2, 3].map((n) => `research://projects/res_${n}`));
    expect(performance.now() - started).toBeGreaterThanOrEqual(FLUSH_MS - 5);
    const ids = sqlite(other).prepare('SELECT id FROM audit_log ORDER BY id').pluck().all() as number[];
    expect(ids).toEqual([ids[0], ids[0]! + 1, ids[0]! + 2]);
    expect(readAuditAnchor(other)).toEqual(head());
    expect(await verifyAuditChain(other)).toMatchObject({ ok: true, rows: 3 });
  });

  it('a closing server appends the queue at once (drainReadAudit) and the anchor ends at the last row', async () => {
    const head = (): { id: number; hash: string } => sqlite(other).prepare('SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1').get() as { id: number; hash: string };
    recordReadOnlyAudit(reader, read(1));
    recordReadOnlyAudit(reader, read(2));
    expect(await drainReadAudit(reader)).toBe(0);
    expect(targets(other)).toEqual(['research://projects/res_1', 'research://projects/res_2']);
    expect(readAuditAnchor(other)).toEqual(head());
  });

  it('a queue grown to MAX_PENDING rows is appended at once, without waiting for the timer', async () => {
    for (let n = 1; n < MAX_PENDING; n += 1) recordReadOnlyAudit(reader, read(n));
    expect(targets(other)).toEqual([]);
    recordReadOnlyAudit(reader, read(MAX_PENDING));
    // The append it starts runs on SQLite's synchronous driver: done once the pending promise
    // callbacks have run, one turn of the event loop — long before the FLUSH_MS timer could fire.
    await new Promise((resolve) => setImmediate(resolve));
    expect(targets(other)).toHaveLength(MAX_PENDING);
    expect(await verifyAuditChain(other)).toMatchObject({ ok: true, rows: MAX_PENDING });
  });

  it('appendQueuedReads (before a write, before the log is shown) appends the queue; a lock held past the busy timeout leaves it for the timer instead of failing the caller', async () => {
    recordReadOnlyAudit(reader, read(1));
    await appendQueuedReads(reader);
    expect(targets(other)).toEqual(['research://projects/res_1']);
    sqlite(reader).pragma('busy_timeout = 20');
    sqlite(other).exec('BEGIN IMMEDIATE');
    recordReadOnlyAudit(reader, read(2));
    await appendQueuedReads(reader);
    expect(targets(other)).toEqual(['research://projects/res_1']);
    sqlite(other).exec('COMMIT');
    await expect.poll(() => targets(other), { timeout: 5_000, interval: FLUSH_MS / 4 }).toEqual(['research://projects/res_1', 'research://projects/res_2']);
  });

  it('are queued, not waited for, while another connection holds the lock; then appended in call order', async () => {
    sqlite(other).exec('BEGIN IMMEDIATE');
    const started = performance.now();
    for (let n = 1; n <= 3; n += 1) recordReadOnlyAudit(reader, read(n));
    // The busy timeout is 5 s: three waits would take 15 s.
    expect(performance.now() - started).toBeLessThan(500);
    expect(targets(other)).toEqual([]);
    sqlite(other).exec('COMMIT');
    // A row recorded after the lock is released still queues behind the earlier ones.
    recordReadOnlyAudit(reader, read(4));
    expect(targets(other)).toEqual([]);
    // The timer flushes them as one transaction.
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 100));
    expect(targets(other)).toEqual([1, 2, 3, 4].map((n) => `research://projects/res_${n}`));
    expect(await verifyAuditChain(other)).toMatchObject({ ok: true });
  });

  it('the timer never waits out the busy timeout: while the lock stays held it tries again later, then appends', async () => {
    sqlite(other).exec('BEGIN IMMEDIATE');
    recordReadOnlyAudit(reader, read(5));
    // Three timer rounds; one that waited for the lock would hold this thread for the 5 s busy timeout.
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS * 3));
    expect(performance.now() - started).toBeLessThan(FLUSH_MS * 3 + 2_000);
    expect(targets(other)).toEqual([]);
    sqlite(other).exec('COMMIT');
    await expect.poll(() => targets(other), { timeout: 5_000, interval: FLUSH_MS / 2 }).toEqual(['research://projects/res_5']);
    expect(await verifyAuditChain(other)).toMatchObject({ ok: true });
  });

  it('flushReadAudit appends what is queued (the server calls it when it closes)', async () => {
    sqlite(other).exec('BEGIN IMMEDIATE');
    recordReadOnlyAudit(reader, read(7));
    sqlite(other).exec('COMMIT');
    await flushReadAudit(reader);
    expect(targets(other)).toEqual(['research://projects/res_7']);
    expect(sqlite(reader).pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('drainReadAudit (at close) waits for a lock held longer than the busy timeout, so no queued row is lost', async () => {
    sqlite(reader).pragma('busy_timeout = 20');
    sqlite(other).exec('BEGIN IMMEDIATE');
    recordReadOnlyAudit(reader, read(8));
    await expect(flushReadAudit(reader)).rejects.toThrow(/locked|busy/i);
    const drained = drainReadAudit(reader, 10_000);
    setTimeout(() => sqlite(other).exec('COMMIT'), FLUSH_MS);
    expect(await drained).toBe(0);
    expect(targets(other)).toEqual(['research://projects/res_8']);
    expect(await verifyAuditChain(other)).toMatchObject({ ok: true });
  });

  it('drainReadAudit waits for a transaction still open on its own connection instead of dropping the rows', async () => {
    sqlite(reader).exec('BEGIN');
    recordReadOnlyAudit(reader, read(9));
    const drained = drainReadAudit(reader, 10_000);
    setTimeout(() => sqlite(reader).exec('COMMIT'), FLUSH_MS);
    expect(await drained).toBe(0);
    expect(targets(other)).toEqual(['research://projects/res_9']);
  });
});
