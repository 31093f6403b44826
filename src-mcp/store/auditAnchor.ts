// The head of the audit log, kept outside the table (docs/threat-model.md, "The audit log's tail").
// The hash chain shows a row edited, inserted or removed in the middle, but not rows cut from the
// end, a wiped table or an older copy of the database file put back: what remains still chains.
// So the newest row known to be committed (id + hash) is also written to `audit-anchor.json` in
// the data folder, and the table must still hold that row with that hash.
//
// The rules that keep this free of false alarms with many processes and kill -9:
// - The anchor only ever names a committed row: it is written after the COMMIT (publishAuditAnchor),
//   from a row re-read outside any transaction. A crash between commit and anchor write leaves the
//   anchor behind the table, never ahead of it; behind is not an alarm (rows past the anchor are
//   still chained, and the next write moves the anchor on).
// - Writers race to publish after their commits; a slower one may put back an older (still
//   committed) head. That weakens the anchor for a moment; it never makes it wrong.
// - The check runs inside each write transaction, under the write lock (appendAudit): when the
//   anchored row is gone or differs, the finding is appended to the log itself as an
//   `audit:tail-missing` row before anything else, so it is chained, anchored and kept, and the
//   anchor can move on without losing it.
// - Only an OS crash or power cut can lose committed rows (synchronous=NORMAL, see database.ts)
//   and with them the anchored one: that is reported too, as what it is: rows the log no longer has.
//
// SQLite only: the file sits next to the database file. On PostgreSQL (several processes on several
// machines, no shared folder) there is no file anchor: every function here is a no-op there —
// no anchor, no breach, nothing to publish — checked once in anchorPath and publishAuditAnchor.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { cached } from './statements.js';
import { engineOf, sqlite, type Db } from './handle.js';


export const AUDIT_ANCHOR_FILE = 'audit-anchor.json';
/** Every anchor is padded to this length (longest: a 16-digit id, the hashes, the check: ~150 bytes). */
const ANCHOR_FILE_BYTES = 192;
const TORN_READ_ATTEMPTS = 3;

export interface AuditAnchor {
  id: number;
  hash: string;
}

/** What the table lacks compared with the anchor; undefined when it holds the anchored row. */
export interface AnchorBreach {
  anchor: AuditAnchor;
  /** The newest row the table has (0 when empty). */
  tableHeadId: number;
  /** `missing`: rows after tableHeadId up to the anchor are gone; `rewritten`: the anchored row has another hash. */
  kind: 'missing' | 'rewritten';
}

/** Rows this connection appended whose commit has not been published yet. */
const unpublished = new WeakMap<Db, AuditAnchor>();

/** Each connection's anchor file, joined once: every audited call looks it up three or four times. */
const anchorPaths = new WeakMap<Db, string | undefined>();

export function anchorPath(db: Db): string | undefined {
  if (anchorPaths.has(db)) return anchorPaths.get(db);
  if (engineOf(db) === 'postgres') {
    anchorPaths.set(db, undefined);
    return undefined;
  }
  const connection = sqlite(db);
  const file = connection.memory || connection.name === '' || connection.name === ':memory:' ? undefined : path.join(path.dirname(connection.name), AUDIT_ANCHOR_FILE);
  anchorPaths.set(db, file);
  return file;
}

export function readAuditAnchor(db: Db): AuditAnchor | undefined {
  const file = anchorPath(db);
  if (file === undefined) return undefined;
  // A read that met another process's write half done fails its check: read again (see writeAnchor).
  for (let attempt = 0; attempt < TORN_READ_ATTEMPTS; attempt += 1) {
    let parsed: Partial<AuditAnchor> & { check?: unknown };
    try {
      parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<AuditAnchor> & { check?: unknown };
    } catch {
      // No anchor yet (a new data folder, or one from before anchors), or a torn read: nothing to compare with.
      continue;
    }
    if (typeof parsed.id !== 'number' || !Number.isSafeInteger(parsed.id) || typeof parsed.hash !== 'string') return undefined;
    // Files written before the check (one write per file, by rename) have none and are whole.
    if (parsed.check === undefined || parsed.check === anchorCheck(parsed.id, parsed.hash)) return { id: parsed.id, hash: parsed.hash };
  }
  // Unreadable for now: no comparison this time, never an alarm on a half-written anchor.
  return undefined;
}

/** Compares the table with the anchor (read now unless the caller just read it). Cheap: one file read and one lookup by primary key. */
export function findAnchorBreach(db: Db, anchor: AuditAnchor | undefined = readAuditAnchor(db)): AnchorBreach | undefined {
  if (anchor === undefined || anchor.id < 1 || engineOf(db) === 'postgres') return undefined;
  const row = cached(db, 'SELECT hash FROM audit_log WHERE id = ?').get(anchor.id) as { hash: string } | undefined;
  if (row !== undefined && row.hash === anchor.hash) return undefined;
  const head = cached(db, 'SELECT COALESCE(MAX(id), 0) AS id FROM audit_log').get() as { id: number };
  return { anchor, tableHeadId: head.id, kind: row === undefined ? 'missing' : 'rewritten' };
}

export function describeBreach(breach: AnchorBreach): string {
  const { anchor, tableHeadId, kind } = breach;
  if (kind === 'rewritten') return `row ${anchor.id} no longer has the hash recorded outside the database (${anchor.hash.slice(0, 12)}…): the log's tail was replaced`;
  if (tableHeadId === 0) return `the audit log is empty, but it had ${anchor.id} rows (rows 1–${anchor.id} are missing: the table was wiped or the database replaced)`;
  const range = tableHeadId + 1 === anchor.id ? `row ${anchor.id} is` : `rows ${tableHeadId + 1}–${anchor.id} are`;
  return `${range} missing from the end of the audit log (it ends at row ${tableHeadId}; the head recorded outside the database is row ${anchor.id}): the tail was cut or an older copy of the database restored`;
}

/** appendAudit calls this for each row it inserts (inside the write transaction). */
export function noteAppended(db: Db, row: AuditAnchor): void {
  if (anchorPath(db) !== undefined) unpublished.set(db, row);
}

/**
 * After a COMMIT (or a rollback): moves the anchor to the newest row this connection appended, if
 * that row is committed. Called outside any transaction; inside one it waits for the outermost.
 */
export function publishAuditAnchor(db: Db): void {
  // Nothing is noted on PostgreSQL (noteAppended: no anchor file), so this returns before sqlite().
  const row = unpublished.get(db);
  if (row === undefined || sqlite(db).inTransaction) return;
  unpublished.delete(db);
  const file = anchorPath(db);
  if (file === undefined) return;
  // Outside a transaction this connection sees only committed rows: a rolled-back row is absent
  // (or, its id reused by another process, has another hash).
  const committed = cached(db, 'SELECT hash FROM audit_log WHERE id = ?').get(row.id) as { hash: string } | undefined;
  if (committed?.hash !== row.hash) return;
  // One read of the file serves both questions (each read is a few syscalls, on every audited call).
  const current = readAuditAnchor(db);
  if (current !== undefined && current.id >= row.id && findAnchorBreach(db, current) === undefined) return;
  writeAnchor(file, row);
}

/**
 * Overwrites the anchor in place, at a fixed length. Each audited call (every read too) moves the
 * anchor, and replacing the file by temp file + rename cost 0.4–3.7 ms a call on ext4 (the rename
 * over an existing file starts write-back of the new one), a large share of a 1 ms page's time;
 * an in-place write of one short block costs microseconds. Whole-file atomicity came from the
 * rename; here a reader can meet a write half done, so each anchor carries a check over its id
 * and hash: a torn read fails the check and is read again (readAuditAnchor), and one that still
 * fails counts as no anchor, so it can weaken one comparison but never raise a false alarm.
 */
function writeAnchor(file: string, anchor: AuditAnchor): void {
  const body = JSON.stringify({ version: 1, id: anchor.id, hash: anchor.hash, check: anchorCheck(anchor.id, anchor.hash) });
  const bytes = Buffer.from(`${body.padEnd(ANCHOR_FILE_BYTES - 1)}\n`, 'utf8');
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT, 0o600);
    fs.writeSync(fd, bytes, 0, bytes.length, 0);
    // Ours are all one length; only a longer file (written by something else) has a tail to cut.
    if (fs.fstatSync(fd).size > bytes.length) fs.ftruncateSync(fd, bytes.length);
  } catch (error) {
    // The anchor strengthens the log; failing to move it must not fail the call that wrote.
    console.error(`[co-scientist] audit: could not update ${file}: ${(error as Error).message}`);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Ties an anchor's id to its hash, so that a read mixing two writes is recognised as torn. */
function anchorCheck(id: number, hash: string): string {
  return createHash('sha256').update(`${id}:${hash}`, 'utf8').digest('hex').slice(0, 16);
}
