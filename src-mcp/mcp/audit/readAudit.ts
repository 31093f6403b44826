// Audit rows of calls that changed nothing (reads, resource reads), recorded in batches instead of
// one transaction each (issue 17: with every read appending its row under SQLite's write lock, 4
// concurrent clients had 0.88× the throughput of one and 5× its p99; and that transaction — the
// lock, the check of the anchor, the commit, the anchor's write — was a quarter of a page's cost).
//
// How a read is recorded: its row (content, start time `at`, duration) is queued in this process,
// and the queue is appended as one transaction FLUSH_MS later, after the answer has gone out, by a
// timer that does not wait for the lock: a lock held by another process just means another try
// FLUSH_MS on. Only a queue grown to MAX_PENDING, the server's close, a write of this process and
// the audit tools append at once, waiting for the lock:
// - a write of this process first appends the queued reads in a transaction of their own, before
//   its own transaction begins (CallAudit.beforeWrite, appendAfterQueuedReads), so a read answered
//   before a write started never gets a later id than the write's rows;
// - the audit tools (query, verify, export) and the doctor append them before they read the log,
//   so a client sees its own earlier reads.
// The chain stays linear and tamper-evident: every row is appended by store/audit.ts under the
// write lock; the ids (the chain order) are the order rows reached the table, `at` when each call
// began. The anchored head (store/auditAnchor.ts) moves on after each flush.
//
// What a crash may lose: the rows of reads answered in the last FLUSH_MS before the process was
// killed (SIGKILL, power cut), and while another process holds the write lock without pause, up
// to MAX_PENDING of them. A closing server appends them (drainReadAudit). A write's row is never
// queued: it commits in the write's own transaction (CallAudit).
import { isDatabaseOpen, type Db } from '../../store/database.js';
import { appendAuditRows, tryAppendAuditRows, type AuditEntry } from '../../store/audit.js';
import { publishAuditAnchor } from '../../store/auditAnchor.js';
import { inTransaction } from '../../store/writeObserver.js';
import { outsideUnits, ownsConnection } from '../../store/unitOfWork.js';

/** How long a read's row may wait in the queue: the most a crash can lose (see above). */
export const FLUSH_MS = 100;
/** A queue this long is appended at once, lock or not (it only grows while others write without pause). */
export const MAX_PENDING = 256;

interface Queue {
  pending: AuditEntry[];
  timer: NodeJS.Timeout | null;
}

const queues = new WeakMap<Db, Queue>();

function queueOf(db: Db): Queue {
  let queue = queues.get(db);
  if (queue === undefined) {
    queue = { pending: [], timer: null };
    queues.set(db, queue);
  }
  return queue;
}

/** Queues a read's row; the timer appends the queue after the answer has gone out (see above). */
export function recordReadAudit(db: Db, entry: AuditEntry): void {
  const queue = queueOf(db);
  queue.pending.push(entry);
  // A transaction this connection has open belongs to another call's unit of work; the rows wait
  // for the timer rather than for that unit (flushOrRetry logs its own failures).
  if (queue.pending.length >= MAX_PENDING && !inTransaction(db)) void flushOrRetry(db, queue);
  else scheduleFlush(db, queue);
}

/**
 * Appends the queued rows now, waiting for the lock (before a write of this process, before the log
 * is shown); should that fail, the caller goes on, and the timer tries again.
 */
export async function appendQueuedReads(db: Db): Promise<void> {
  const queue = queues.get(db);
  if (queue !== undefined && queue.pending.length > 0) await flushOrRetry(db, queue);
}

/** A full queue waits for the lock; should that fail too, the call still gets its answer and the timer tries again. */
async function flushOrRetry(db: Db, queue: Queue): Promise<void> {
  try {
    await flushReadAudit(db);
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
export async function appendAfterQueuedReads(db: Db, entry: AuditEntry): Promise<void> {
  const queue = queues.get(db);
  if (queue === undefined) return await appendAuditRows(db, [entry]);
  await appendQueued(queue, async (take) => {
    // Inside a unit of this call with a transaction open, the rows join it (recordAudit's promise).
    await appendAuditRows(db, () => [...take(), entry]);
    return true;
  });
}

/** Appends every queued row in one transaction, waiting for the lock as writes do. */
export async function flushReadAudit(db: Db): Promise<void> {
  const queue = queues.get(db);
  if (queue === undefined) return;
  if (queue.timer !== null) clearTimeout(queue.timer);
  queue.timer = null;
  if (queue.pending.length === 0 || !isDatabaseOpen(db)) return;
  if (inTransaction(db) && !ownsConnection(db)) {
    // Another call's transaction is open on this connection: try again once it is over.
    scheduleFlush(db, queue);
    return;
  }
  await appendQueued(queue, async (take) => {
    await appendAuditRows(db, take);
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
      await flushReadAudit(db);
    } catch (error) {
      failure = error;
    }
    const queue = queues.get(db);
    const left = queue?.pending.length ?? 0;
    if (left === 0 || !isDatabaseOpen(db) || Date.now() >= deadline) {
      if (queue?.timer) clearTimeout(queue.timer);
      if (queue !== undefined) queue.timer = null;
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
  // The timer belongs to no call: it must not run inside the unit of work of the call that queued.
  if (queue.timer === null && isDatabaseOpen(db)) queue.timer = outsideUnits(() => setTimeout(() => void flushSoon(db), FLUSH_MS).unref());
}

/** The timer's flush: one attempt that does not wait for the lock; busy means try again later. */
async function flushSoon(db: Db): Promise<void> {
  const queue = queues.get(db);
  if (queue === undefined) return;
  queue.timer = null;
  if (queue.pending.length === 0 || !isDatabaseOpen(db)) return;
  if (inTransaction(db)) return scheduleFlush(db, queue);
  const count = queue.pending.length;
  let appended = false;
  try {
    appended = await appendQueued(queue, async (take) => await tryAppendAuditRows(db, take));
  } catch (error) {
    logRetry(count, error);
  }
  if (appended) await publishAuditAnchor(db);
  else scheduleFlush(db, queue);
}

/**
 * Hands `append` a taker of every queued row, which it calls once it has the connection: so rows
 * reach the table in the order they were queued, however appends of this process wait for the
 * connection. Rows taken but not appended (it answered false, or threw — rethrown) go back in
 * front of any queued meanwhile, so the next flush (timer or close) tries again with the order of
 * the calls intact.
 */
async function appendQueued(queue: Queue, append: (take: () => AuditEntry[]) => Promise<boolean>): Promise<boolean> {
  let rows: AuditEntry[] = [];
  const take = (): AuditEntry[] => {
    rows = queue.pending;
    queue.pending = [];
    return rows;
  };
  let appended = false;
  try {
    appended = await append(take);
  } finally {
    if (!appended) queue.pending = [...rows, ...queue.pending];
  }
  return appended;
}
