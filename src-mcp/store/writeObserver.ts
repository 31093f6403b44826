// Lets whoever started a unit of work (a tool call) take part in the write transactions that the
// work opens deep in the engine, without the engine knowing: the audit log uses it so that a tool's
// effects and its audit row commit in one transaction (no effect without its row, even under
// kill -9). The observer travels with the async context, so concurrent calls in one process each
// see their own.
import { AsyncLocalStorage } from 'node:async_hooks';
import { cachedPluck } from './statements.js';
import { sqlite, type Db } from './handle.js';

export interface WriteObserver {
  /**
   * Called when an outermost write transaction is about to begin on `db`. The observer may open a
   * transaction itself (BEGIN IMMEDIATE) and keep it open past this write; the write then runs in a
   * savepoint inside it.
   */
  beforeWrite(db: Db): void;
  /** Called inside an outermost write transaction that the observer did not open, before its COMMIT. */
  beforeCommit(db: Db): void;
}

const observers = new AsyncLocalStorage<WriteObserver>();

/** Runs `work` (and everything it starts asynchronously) with `observer` watching its writes. */
export function observeWrites<T>(observer: WriteObserver, work: () => T): T {
  return observers.run(observer, work);
}

export function currentWriteObserver(): WriteObserver | undefined {
  return observers.getStore();
}

/** Rows this connection has changed since it opened: a write outside any transaction shows here too. */
export function changesSoFar(db: Db): number {
  return cachedPluck(db, 'SELECT total_changes()').get() as number;
}

/**
 * The transaction an observer holds across a unit of work's writes (see beforeWrite): opened
 * with the write lock up front, committed or rolled back by the observer. These and
 * `inTransaction` are the only handle on a raw transaction outside this folder (architecture.md,
 * *A second store*: the unit of work is the store's to define).
 */
export function beginHeldWrite(db: Db): void {
  sqlite(db).exec('BEGIN IMMEDIATE');
}

export function commitHeldWrite(db: Db): void {
  sqlite(db).exec('COMMIT');
}

/** Rolls back the held transaction if SQLite has not already done so itself (e.g. on a full disk). */
export function rollbackHeldWrite(db: Db): void {
  if (sqlite(db).inTransaction) sqlite(db).exec('ROLLBACK');
}

/** Whether a transaction is open on this connection (SQLite may have rolled one back by itself). */
export function inTransaction(db: Db): boolean {
  return sqlite(db).inTransaction;
}
