// The tamper-evident audit log: append-only rows chained by SHA-256 (architecture.md, *Identity, scopes, audit*).
import { createHash } from 'node:crypto';
import type { Db } from './database.js';
import { cached } from './statements.js';
import { compareWithAnchor, describeBreach, findAnchorBreach, noteAppended, publishAuditAnchor, readAuditAnchor, type AnchorBreach } from './auditAnchor.js';
import { engineOf, sqlite } from './handle.js';
import { row, rows, scalar, writeReturning } from './sql.js';
import { readTransaction, tryPostgresWriteTransaction, unobservedWriteTransaction } from './transactions.js';
import { inUnit } from './unitOfWork.js';
import { chunkSizes, multiRowInsert } from './bulkInsert.js';

export const GENESIS_HASH = '0'.repeat(64);

export type AuditOutcome = 'success' | 'error' | 'denied';

export interface AuditEntry {
  at: string;
  clientId: string;
  /** `tool:start_research`, `resource:read`, `policy:update`, ... */
  action: string;
  target: string | null;
  /** Arguments as JSON, already redacted of secrets by the caller. */
  arguments: string;
  outcome: AuditOutcome;
  errorCode: string | null;
  durationMs: number;
}

export interface AuditRow extends AuditEntry {
  id: number;
  prevHash: string;
  hash: string;
}

/** The row's content in a fixed order: what the hash covers and what the INSERT stores. */
function contentFields(entry: AuditEntry): Array<string | number | null> {
  return [entry.at, entry.clientId, entry.action, entry.target, entry.arguments, entry.outcome, entry.errorCode, entry.durationMs];
}

/** The hash covers every field in a fixed order, so reordering or editing any of them shows. */
export function hashAuditEntry(prevHash: string, entry: AuditEntry): string {
  const canonical = JSON.stringify([prevHash, ...contentFields(entry)]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** The client id of rows the log writes about itself. */
export const AUDIT_SYSTEM_CLIENT = 'co-scientist';
export const TAIL_MISSING_ACTION = 'audit:tail-missing';

/**
 * Appends one row. Must run inside a write transaction so that the chain head cannot move under
 * us (on PostgreSQL, the store's write lock serialises appends across processes: postgres/
 * transactions.ts). First, under that lock, the table is compared with the head anchored outside
 * it (auditAnchor.ts, on both engines): a cut tail is written into the log before anything else is.
 */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<AuditRow> {
  return insertAuditRow(db, entry, await headAfterAnchorCheck(db));
}

/**
 * The rows to append: given, or taken by the function when the append runs — once it has the
 * connection, so rows queued by several callers reach the table in the order they were queued
 * (mcp/audit/readAudit.ts), whichever caller waited longest for the connection.
 */
export type AuditEntries = readonly AuditEntry[] | (() => readonly AuditEntry[]);

function entriesOf(entries: AuditEntries): readonly AuditEntry[] {
  return typeof entries === 'function' ? entries() : entries;
}

/** Each connection's configured busy timeout, read once: tryAppendAuditRows restores it after its no-wait attempt. */
const busyTimeouts = new WeakMap<Db, number>();

/**
 * One attempt to append `entries` in a transaction of their own without waiting for the write lock:
 * false, with nothing written, while another connection holds it. How a read's row gets past a held
 * lock (mcp/audit/readAudit.ts). SQLite: the busy timeout is 0 for the BEGIN alone, every statement
 * prepared once per connection (this runs on every read call); PostgreSQL: pg_try_advisory_xact_lock.
 */
export async function tryAppendAuditRows(db: Db, entries: AuditEntries): Promise<boolean> {
  if (engineOf(db) === 'postgres') return (await tryPostgresWriteTransaction(db, async () => await appendAuditBatch(db, entriesOf(entries)))) !== undefined;
  return inUnit(db, async () => {
    const connection = sqlite(db);
    let busyTimeoutMs = busyTimeouts.get(db);
    if (busyTimeoutMs === undefined) {
      busyTimeoutMs = connection.pragma('busy_timeout', { simple: true }) as number;
      busyTimeouts.set(db, busyTimeoutMs);
    }
    cached(db, 'PRAGMA busy_timeout = 0').get();
    try {
      cached(db, 'BEGIN IMMEDIATE').run();
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return false;
      throw error;
    } finally {
      cached(db, `PRAGMA busy_timeout = ${busyTimeoutMs}`).get();
    }
    try {
      await appendAuditBatch(db, entriesOf(entries));
      cached(db, 'COMMIT').run();
    } catch (error) {
      if (connection.inTransaction) connection.exec('ROLLBACK');
      throw error;
    }
    // The rows are committed; moving the anchored head past them is the caller's, and may wait until
    // the call is answered (mcp/audit/readAudit.ts): until then the anchor is behind, never wrong (auditAnchor.ts).
    return true;
  });
}

/**
 * Appends rows in a write transaction of their own (or in the caller's, when one is open: a
 * savepoint), which no tool call's observer joins, then moves the anchored head past them: for
 * audit rows that belong to no effect of their own.
 */
export async function appendAuditRows(db: Db, entries: AuditEntries): Promise<void> {
  await unobservedWriteTransaction(db, async () => await appendAuditBatch(db, entriesOf(entries)));
  await publishAuditAnchor(db);
}

/**
 * Appends rows inside one write transaction, comparing the table with the anchor once: under the
 * write lock no other process can append or cut rows, so one comparison holds for the whole batch.
 * The rows are chained here and written in a few multi-row INSERTs (chunkSizes: at most eleven
 * texts, each prepared once per connection), whose ids follow the order of their VALUES. One
 * statement per row was one round trip per row on PostgreSQL, inside the transaction that holds
 * every process's write lock: a batch of a hundred read rows held it 16 ms, now 5 (docs/benchmarks.md).
 */
async function appendAuditBatch(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  // Under the lock the head is the row just inserted: read from the table once per batch.
  let prevHash = await headAfterAnchorCheck(db);
  const chained = entries.map((entry) => {
    const hash = hashAuditEntry(prevHash, entry);
    const values = [...contentFields(entry), prevHash, hash];
    prevHash = hash;
    return values;
  });
  let lastId = 0;
  let start = 0;
  for (const size of chunkSizes(chained.length)) {
    const inserted = await writeReturning<{ id: number }>(db, insertRowsText(size), chained.slice(start, start + size).flat());
    if (inserted.length !== size) throw new Error(`The audit log returned ${inserted.length} ids for ${size} appended rows.`);
    for (const { id } of inserted) lastId = Math.max(lastId, id);
    start += size;
  }
  noteAppended(db, { id: lastId, hash: prevHash });
}

/**
 * Inside a write transaction: when the anchored head is missing from the table, appends one
 * `audit:tail-missing` row saying what is gone (once per anchor, whichever process sees it first).
 * Returns the breach, recorded now or earlier, or undefined when the table holds the anchored row
 * (or the handle keeps no anchor: auditAnchor.ts).
 */
export async function recordAnchorBreach(db: Db, now: Date = new Date()): Promise<AnchorBreach | undefined> {
  const breach = await findAnchorBreach(db);
  if (breach !== undefined) await recordBreach(db, breach, now);
  return breach;
}

/** The chain's head and the anchored row's hash, in one statement: an append's one read before its INSERT. */
const HEAD_AND_ANCHORED = 'SELECT (SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1) AS head, (SELECT hash FROM audit_log WHERE id = ?) AS anchored';

/**
 * Under the write lock, before an append: compares the table with the anchor and records a cut tail
 * (recordBreach), reading what the comparison needs together with the chain's head that the next
 * row links to (one round trip to PostgreSQL). Returns that head.
 */
async function headAfterAnchorCheck(db: Db, now: Date = new Date()): Promise<string> {
  const anchor = readAuditAnchor(db);
  const found = await row<{ head: string | null; anchored: string | null }>(db, HEAD_AND_ANCHORED, [anchor?.id ?? 0]);
  const head = found?.head ?? GENESIS_HASH;
  const breach = await compareWithAnchor(db, anchor, found?.anchored ?? null);
  return breach === undefined ? head : recordBreach(db, breach, now, head);
}

const KNOWN_BREACH = 'SELECT 1 FROM audit_log WHERE action = ? AND target = ? LIMIT 1';

/** Appends the breach's `audit:tail-missing` row unless one for this anchor is there; returns the chain's head after it. */
async function recordBreach(db: Db, breach: AnchorBreach, now: Date, head?: string): Promise<string> {
  const target = `audit-anchor:${breach.anchor.id}:${breach.anchor.hash}`;
  if ((await row(db, KNOWN_BREACH, [TAIL_MISSING_ACTION, target])) !== undefined) return head ?? (await scalar<string>(db, HEAD_HASH)) ?? GENESIS_HASH;
  const recorded = await insertAuditRow(db, {
    at: now.toISOString(),
    clientId: AUDIT_SYSTEM_CLIENT,
    action: TAIL_MISSING_ACTION,
    target,
    arguments: JSON.stringify({
      anchor_id: breach.anchor.id,
      anchor_hash: breach.anchor.hash,
      table_head_id: breach.tableHeadId,
      kind: breach.kind,
      message: describeBreach(breach),
    }),
    outcome: 'error',
    errorCode: 'audit_tail_missing',
    durationMs: 0,
  }, head);
  return recorded.hash;
}

// Every tool call appends one row: module-level texts, one prepared statement each.
const HEAD_HASH = 'SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1';
const AUDIT_COLUMNS = ['at', 'client_id', 'action', 'target', 'arguments', 'outcome', 'error_code', 'duration_ms', 'prev_hash', 'hash'] as const;
/** The INSERT of `rows` rows (one, or a batch's power of two: chunkSizes), built once per size. */
const insertTexts = new Map<number, string>();
function insertRowsText(rows: number): string {
  let text = insertTexts.get(rows);
  if (text === undefined) {
    text = multiRowInsert('audit_log', AUDIT_COLUMNS, rows, 'RETURNING id');
    insertTexts.set(rows, text);
  }
  return text;
}

/** `knownPrevHash`: the head's hash when the caller has just inserted it, under the same lock. */
async function insertAuditRow(db: Db, entry: AuditEntry, knownPrevHash?: string): Promise<AuditRow> {
  const prevHash = knownPrevHash ?? (await scalar<string>(db, HEAD_HASH)) ?? GENESIS_HASH;
  const hash = hashAuditEntry(prevHash, entry);
  const [inserted] = await writeReturning<{ id: number }>(db, insertRowsText(1), [...contentFields(entry), prevHash, hash]);
  if (inserted === undefined) throw new Error('The audit log returned no id for an appended row.');
  noteAppended(db, { id: inserted.id, hash });
  return { ...entry, id: inserted.id, prevHash, hash };
}

export interface RawAudit {
  id: number;
  at: string;
  client_id: string;
  action: string;
  target: string | null;
  arguments: string;
  outcome: AuditOutcome;
  error_code: string | null;
  duration_ms: number;
  prev_hash: string;
  hash: string;
}

export function auditRowFromRaw(raw: RawAudit): AuditRow {
  return {
    id: raw.id,
    at: raw.at,
    clientId: raw.client_id,
    action: raw.action,
    target: raw.target,
    arguments: raw.arguments,
    outcome: raw.outcome,
    errorCode: raw.error_code,
    durationMs: raw.duration_ms,
    prevHash: raw.prev_hash,
    hash: raw.hash,
  };
}

const PAGE_AFTER = 'SELECT * FROM audit_log WHERE id > ? ORDER BY id LIMIT ?';

export async function auditRows(db: Db, query: { afterId?: number; limit: number }): Promise<AuditRow[]> {
  return (await rows<RawAudit>(db, PAGE_AFTER, [query.afterId ?? 0, query.limit])).map(auditRowFromRaw);
}

export type ChainVerdict =
  | { ok: true; rows: number }
  | { ok: false; rows: number; firstBrokenId: number; reason: string };

/** The chain check, fed rows in id order (verifyAuditChain, on either engine; the doctor's too). */
export class AuditChainWalk {
  private expectedPrev = GENESIS_HASH;
  private count = 0;
  private broken: ChainVerdict | undefined;

  /** Checks the next row; false once the chain is broken (later rows need not be read). */
  add(row: AuditRow): boolean {
    if (this.broken !== undefined) return false;
    this.count += 1;
    if (row.prevHash !== this.expectedPrev) {
      this.broken = { ok: false, rows: this.count, firstBrokenId: row.id, reason: 'link to the previous row does not match (a row was removed or inserted before it)' };
    } else if (hashAuditEntry(row.prevHash, row) !== row.hash) {
      this.broken = { ok: false, rows: this.count, firstBrokenId: row.id, reason: 'content does not match its hash (the row was edited)' };
    }
    this.expectedPrev = row.hash;
    return this.broken === undefined;
  }

  verdict(): ChainVerdict {
    return this.broken ?? { ok: true, rows: this.count };
  }
}

/** Rows the chain walk reads at a time: a log of a million rows is never held at once. */
const VERIFY_PAGE_ROWS = 1_000;

/**
 * Walks the whole chain in id order, a page at a time (keyset: id > the last one seen) in one read
 * snapshot, so rows appended meanwhile are all seen or none; names the first row whose link or
 * content does not verify.
 */
export async function verifyAuditChain(db: Db): Promise<ChainVerdict> {
  return readTransaction(db, async () => {
    const walk = new AuditChainWalk();
    let afterId = 0;
    for (;;) {
      const page = await rows<RawAudit>(db, PAGE_AFTER, [afterId, VERIFY_PAGE_ROWS]);
      for (const raw of page) {
        if (!walk.add(auditRowFromRaw(raw))) return walk.verdict();
      }
      const last = page[page.length - 1];
      if (last === undefined || page.length < VERIFY_PAGE_ROWS) return walk.verdict();
      afterId = last.id;
    }
  });
}

export interface TailLoss {
  /** First and last missing row id. */
  from: number;
  to: number;
  /** When a write first noticed it (the `audit:tail-missing` row), or null when noticed just now. */
  detectedAt: string | null;
  message: string;
}

const FIRST_RECORDED_LOSS = 'SELECT at, arguments FROM audit_log WHERE action = ? ORDER BY id LIMIT 1';

/**
 * Rows cut from the end of the log: the oldest loss recorded in the log, else one the anchor shows
 * now (before any write has recorded it). Undefined when the log's head is where it should be.
 */
export async function findTailLoss(db: Db): Promise<TailLoss | undefined> {
  const recorded = await row<{ at: string; arguments: string }>(db, FIRST_RECORDED_LOSS, [TAIL_MISSING_ACTION]);
  if (recorded !== undefined) {
    const args = JSON.parse(recorded.arguments) as { anchor_id: number; table_head_id: number; message: string };
    return { from: args.table_head_id + 1, to: args.anchor_id, detectedAt: recorded.at, message: args.message };
  }
  const breach = await findAnchorBreach(db);
  if (breach === undefined) return undefined;
  return { from: breach.kind === 'missing' ? breach.tableHeadId + 1 : breach.anchor.id, to: breach.anchor.id, detectedAt: null, message: describeBreach(breach) };
}
