// Audit rows of calls that changed nothing (reads, resource reads), recorded without waiting for
// SQLite's write lock (issue 17: with every read appending its row under the lock, 4 concurrent
// clients had 0.88× the throughput of one and 5× its p99).
//
// How a read is recorded: when the write lock is free, its row is appended at once, exactly as
// before (one short transaction, no waiting: the busy timeout is 0 for that attempt). When another
// process holds the lock, the row is queued in this process and the queue is appended as one
// transaction FLUSH_MS later, again without waiting (a timer that waited out the busy timeout
// would stall every call of this process meanwhile): a busy lock just means another try FLUSH_MS
// on. Only a queue grown to MAX_PENDING and the server's close wait for the lock. Queued rows keep their order and their own start time (`at`); their ids (the chain
// order) are the order they reached the table. The chain stays linear and tamper-evident: every
// row, queued or not, is appended by store/audit.ts under the write lock.
//
// A read's row commits before its answer is sent; only moving the anchored head past it (a file
// write, and a read of the file first: ~0.1 ms of CPU a call) waits until the answer is out
// (setImmediate runs after the answer's frame is written). Until then the anchor is behind the
// table, which store/auditAnchor.ts allows (a crash there leaves it behind, never wrong); the next
// audited call, any write, or the close moves it on.
//
// What a crash may lose: only queued read rows — those of reads that met a held lock within the
// last FLUSH_MS before the process was killed (at most MAX_PENDING rows). A write's row is never
// queued: it commits in the write's own transaction (CallAudit).
import { isDatabaseOpen, type Db } from '../store/database.js';
import { appendAuditRows, tryAppendAuditRows, type AuditEntry } from '../store/audit.js';
import { publishAuditAnchor } from '../store/auditAnchor.js';
import { inTransaction } from '../store/writeObserver.js';

export const FLUSH_MS = 200;
/** A queue this long is appended at once, lock or not (it only grows while others write without pause). */
const MAX_PENDING = 256;

interface Queue {
  pending: AuditEntry[];
  timer: NodeJS.Timeout | null;
  /** Set while a publication of the anchor waits for the current answer to go out. */
  publishing: NodeJS.Immediate | null;
}

const queues = new WeakMap<Db, Queue>();

function queueOf(db: Db): Queue {
  let queue = queues.get(db);
  if (queue === undefined) {
    queue = { pending: [], timer: null, publishing: null };
    queues.set(db, queue);
  }
  return queue;
}

/** Records a read's row now if the write lock is free, else queues it (see above). */
export function recordReadAudit(db: Db, entry: AuditEntry): void {
  const queue = queueOf(db);
  // Behind queued rows, a new one waits its turn: rows reach the table in the order of the calls.
  // A transaction this connection has open belongs to another call (a write holds one across its
  // awaits); a row that joined it would vanish with its rollback, so the row waits in the queue.
  if (!inTransaction(db) && queue.pending.length === 0 && tryAppendAuditRows(db, [entry])) return publishSoon(db, queue);
  queue.pending.push(entry);
  if (queue.pending.length >= MAX_PENDING && !inTransaction(db)) flushOrRetry(db, queue);
  else scheduleFlush(db, queue);
}

/** A full queue waits for the lock; should that fail too, the call still gets its answer and the timer tries again. */
function flushOrRetry(db: Db, queue: Queue): void {
  try {
    flushReadAudit(db);
  } catch (error) {
    logRetry(queue.pending.length, error);
    scheduleFlush(db, queue);
  }
}

/**
 * Appends a row that cannot wait (a refusal, a write's own row when nothing is held), waiting for
 * the lock: this process's queued read rows go first, in the same transaction, so rows reach the
 * table in the order of the calls (a refusal answered after a queued read must not overtake it).
 */
export function appendAfterQueuedReads(db: Db, entry: AuditEntry): void {
  const queue = queues.get(db);
  if (queue === undefined || queue.pending.length === 0 || inTransaction(db)) return appendAuditRows(db, [entry]);
  appendQueued(queue, (rows) => {
    appendAuditRows(db, [...rows, entry]);
    return true;
  });
}

/** Appends every queued row in one transaction, waiting for the lock as writes do. */
export function flushReadAudit(db: Db): void {
  const queue = queues.get(db);
  if (queue === undefined) return;
  if (queue.timer !== null) clearTimeout(queue.timer);
  queue.timer = null;
  if (queue.pending.length === 0 || !isDatabaseOpen(db)) return;
  if (inTransaction(db)) {
    // Another call's transaction is open on this connection: try again once it is over.
    scheduleFlush(db, queue);
    return;
  }
  appendQueued(queue, (rows) => {
    appendAuditRows(db, rows);
    return true;
  });
}

/**
 * At close: appends every queued row, waiting as long as it takes (up to `patienceMs`) for the write
 * lock and for a transaction still open on this connection. A single flushReadAudit would give up
 * at the first busy timeout, or only schedule a retry while a transaction is open — and the timer
 * never fires once the database is closed, so those rows would be lost. Resolves to the number of
 * rows it could not append (0 normally).
 */
export async function drainReadAudit(db: Db, patienceMs = 30_000): Promise<number> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    let failure: unknown;
    try {
      flushReadAudit(db);
    } catch (error) {
      failure = error;
    }
    const queue = queues.get(db);
    const left = queue?.pending.length ?? 0;
    if (left === 0 || !isDatabaseOpen(db) || Date.now() >= deadline) {
      if (queue?.timer) clearTimeout(queue.timer);
      if (queue !== undefined) queue.timer = null;
      if (queue !== undefined) publishNow(db, queue);
      if (left > 0 && failure !== undefined) throw failure;
      return left;
    }
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS / 4));
  }
}

function logRetry(count: number, error: unknown): void {
  console.error(`[co-scientist] audit: ${count} read rows could not be appended yet (${error instanceof Error ? error.message : String(error)}); retrying`);
}

function scheduleFlush(db: Db, queue: Queue): void {
  if (queue.timer === null && isDatabaseOpen(db)) queue.timer = setTimeout(() => flushSoon(db), FLUSH_MS).unref();
}

/** The timer's flush: one attempt that does not wait for the lock; busy means try again later. */
function flushSoon(db: Db): void {
  const queue = queues.get(db);
  if (queue === undefined) return;
  queue.timer = null;
  if (queue.pending.length === 0 || !isDatabaseOpen(db)) return;
  if (inTransaction(db)) return scheduleFlush(db, queue);
  const count = queue.pending.length;
  let appended = false;
  try {
    appended = appendQueued(queue, (rows) => tryAppendAuditRows(db, rows));
  } catch (error) {
    logRetry(count, error);
  }
  if (appended) publishNow(db, queue);
  else scheduleFlush(db, queue);
}

/**
 * Takes every queued row and hands them to `append`. Rows it did not append (it answered false, or
 * threw — rethrown) go back in front of any queued meanwhile, so the next flush (timer or close)
 * tries again with the order of the calls intact.
 */
function appendQueued(queue: Queue, append: (rows: AuditEntry[]) => boolean): boolean {
  const rows = queue.pending;
  queue.pending = [];
  let appended = false;
  try {
    appended = append(rows);
  } finally {
    if (!appended) queue.pending = [...rows, ...queue.pending];
  }
  return appended;
}

/** Moves the anchored head past this connection's committed rows once the current answer is out. */
function publishSoon(db: Db, queue: Queue): void {
  if (queue.publishing === null) queue.publishing = setImmediate(() => publishNow(db, queue));
}

function publishNow(db: Db, queue: Queue): void {
  if (queue.publishing !== null) clearImmediate(queue.publishing);
  queue.publishing = null;
  // Inside a transaction publishAuditAnchor waits for it; a closed database has nothing to publish.
  if (isDatabaseOpen(db)) publishAuditAnchor(db);
}
