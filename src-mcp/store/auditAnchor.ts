// The head of the audit log, kept outside the table (docs/threat-model.md, "The audit log's tail").
// The hash chain shows a row edited, inserted or removed in the middle, but not rows cut from the
// end, a wiped table or an older copy of the database file put back: what remains still chains.
// So the newest row known to be committed (id + hash) is also written to a file in the data folder
// (anchorPath, below), and the table must still hold that row with that hash.
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
// - Only an OS crash or power cut can lose committed rows (SQLite's synchronous=NORMAL, database.ts)
//   and with them the anchored one: that is reported too, as what it is: rows the log no longer has.
//
// Where the anchor is (anchorPath), the one thing that differs between the engines:
// - SQLite: `audit-anchor.json` next to the database file, shared by every process on that file.
// - PostgreSQL (several processes on several machines, no shared folder): each process keeps its
//   own anchor for the database it is configured with, in its own data folder, named after the
//   database's address without its password (`audit-anchor-<hash>.json`: host, port, database,
//   user — src-shared/node/databaseUrl.ts databaseAddress). It names the newest row that process
//   appended and saw committed, and is checked under the store's write lock (the advisory lock of
//   postgres/transactions.ts) like SQLite's: a tail cut below what a replica has seen, or an older
//   backup restored under the same address, is found by that replica at its next write, by
//   verify_audit_log and by `doctor --database --data-dir <its folder>`. A handle opened without a
//   data folder (a look that keeps nothing) has no anchor.
// Everything else — reading, checking, recording, publishing — is one code path on both engines.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { databaseAddress } from '../../src-shared/node/databaseUrl.js';
import { postgresPool, sqlite, type Db } from './handle.js';
import { row, scalar } from './sql.js';
import { inTransaction } from './writeObserver.js';


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
  /** The newest row the table has before the anchored one (0 when none): the rows after it, up to the anchor, are gone. */
  tableHeadId: number;
  /** The newest row the table has now (0 when empty): past the anchor when another process appended after the cut. */
  tableEndId: number;
  /** `missing`: rows after tableHeadId up to the anchor are gone; `rewritten`: the anchored row has another hash. */
  kind: 'missing' | 'rewritten';
}

/**
 * The newest row this process appended that is not yet known committed and published. One slot per
 * handle: a newer append replaces it. On PostgreSQL another unit of work of this process may have
 * noted a row it has not committed yet when a publish runs: the slot then stays for that unit's
 * own publish (see publishAuditAnchor).
 */
const unpublished = new WeakMap<Db, AuditAnchor>();

/** Each handle's anchor file, joined once: every audited call looks it up three or four times. */
const anchorPaths = new WeakMap<Db, string | undefined>();

/** The file name of a process's anchor for the PostgreSQL database at `url` (its password never enters the name). */
export function postgresAnchorFile(url: string): string {
  const key = createHash('sha256').update(databaseAddress(url), 'utf8').digest('hex').slice(0, 16);
  return `audit-anchor-${key}.json`;
}

/** The handle's anchor file, or undefined when it keeps none (an in-memory SQLite database, a PostgreSQL handle without a data folder). */
export function anchorPath(db: Db): string | undefined {
  if (anchorPaths.has(db)) return anchorPaths.get(db);
  let file: string | undefined;
  const pool = postgresPool(db);
  if (pool !== undefined) {
    file = pool.dataDir === undefined ? undefined : path.join(pool.dataDir, postgresAnchorFile(pool.url));
  } else {
    const connection = sqlite(db);
    file = connection.memory || connection.name === '' || connection.name === ':memory:' ? undefined : path.join(path.dirname(connection.name), AUDIT_ANCHOR_FILE);
  }
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

const ANCHORED_HASH = 'SELECT hash FROM audit_log WHERE id = ?';
/** Both by the primary key: the newest row before the anchored one, and the newest of all. */
const AROUND_ANCHOR = 'SELECT (SELECT COALESCE(MAX(id), 0) FROM audit_log WHERE id < ?) AS before_anchor, (SELECT COALESCE(MAX(id), 0) FROM audit_log) AS newest';

/** Compares the table with the anchor as it is now. Cheap: one file read and one lookup by primary key. */
export async function findAnchorBreach(db: Db): Promise<AnchorBreach | undefined> {
  return compareWithAnchor(db, readAuditAnchor(db));
}

/**
 * Compares the table with `anchor`, the one the caller read: none (undefined) is no breach, even if
 * another process writes the file meanwhile. (Reading the file again here once paired a just-written
 * anchor with the hash looked up for none, a false alarm under concurrent appends.) No lookup when the
 * caller read the anchored row's hash itself (`anchoredHash`, null when there is no such row: the
 * append's read, store/audit.ts).
 */
export async function compareWithAnchor(db: Db, anchor: AuditAnchor | undefined, anchoredHash?: string | null): Promise<AnchorBreach | undefined> {
  if (anchor === undefined || anchor.id < 1) return undefined;
  const hash = anchoredHash === undefined ? await scalar<string>(db, ANCHORED_HASH, [anchor.id]) : (anchoredHash ?? undefined);
  if (hash === anchor.hash) return undefined;
  const around = await row<{ before_anchor: number; newest: number }>(db, AROUND_ANCHOR, [anchor.id]);
  return { anchor, tableHeadId: around?.before_anchor ?? 0, tableEndId: around?.newest ?? 0, kind: hash === undefined ? 'missing' : 'rewritten' };
}

export function describeBreach(breach: AnchorBreach): string {
  const { anchor, tableHeadId, tableEndId, kind } = breach;
  if (kind === 'rewritten') return `row ${anchor.id} no longer has the hash recorded outside the database (${anchor.hash.slice(0, 12)}…): the log's tail was replaced`;
  if (tableEndId === 0) return `the audit log is empty, but it had ${anchor.id} rows (rows 1–${anchor.id} are missing: the table was wiped or the database replaced)`;
  if (tableHeadId === 0) return `rows 1–${anchor.id} are missing from the audit log, which starts with rows appended after them (the table was wiped or the database replaced)`;
  const range = tableHeadId + 1 === anchor.id ? `row ${anchor.id} is` : `rows ${tableHeadId + 1}–${anchor.id} are`;
  const ends = tableEndId > anchor.id ? `it ended at row ${tableHeadId}, before the rows appended since` : `it ends at row ${tableHeadId}`;
  return `${range} missing from the end of the audit log (${ends}; the head recorded outside the database is row ${anchor.id}): the tail was cut or an older copy of the database restored`;
}

/** appendAudit calls this for each row it inserts (inside the write transaction). */
export function noteAppended(db: Db, appended: AuditAnchor): void {
  if (anchorPath(db) === undefined) return;
  const noted = unpublished.get(db);
  if (noted === undefined || appended.id >= noted.id) unpublished.set(db, appended);
}

/** Both by the primary key: the noted row as committed, and the anchored one. */
const NOTED_AND_ANCHORED = 'SELECT (SELECT hash FROM audit_log WHERE id = ?) AS noted, (SELECT hash FROM audit_log WHERE id = ?) AS anchored';

/**
 * After a COMMIT (or a rollback): moves the anchor to the newest row this process appended, if that
 * row is committed. Called outside any transaction; inside one it waits for the outermost. Never
 * throws: the anchor strengthens the log, and failing to move it must not fail the call that wrote
 * (PostgreSQL gone just after the COMMIT, a full disk); it stays behind, which is no alarm.
 */
export async function publishAuditAnchor(db: Db): Promise<void> {
  const noted = unpublished.get(db);
  if (noted === undefined || inTransaction(db)) return;
  const file = anchorPath(db);
  if (file === undefined) return;
  try {
    // One read of the file and one statement serve every question (this runs after every audited call).
    const current = readAuditAnchor(db);
    // Outside a transaction only committed rows are seen: a rolled-back row is absent (or, its id
    // reused by another process, has another hash).
    const found = await row<{ noted: string | null; anchored: string | null }>(db, NOTED_AND_ANCHORED, [noted.id, current?.id ?? 0]);
    if (found?.noted !== noted.hash) {
      // Absent: rolled back, or (PostgreSQL) appended by another unit of this process that has not
      // committed yet and will publish it itself; a newer append replaces it either way. Another
      // row under its id: it is certainly not ours.
      if (found?.noted !== null && found?.noted !== undefined && unpublished.get(db) === noted) unpublished.delete(db);
      return;
    }
    if (unpublished.get(db) === noted) unpublished.delete(db);
    if (current !== undefined && current.id >= noted.id && found.anchored === current.hash) return;
    writeAnchor(file, noted);
  } catch (error) {
    console.error(`[co-scientist] audit: could not move the anchor in ${file}: ${(error as Error).message}`);
  }
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
