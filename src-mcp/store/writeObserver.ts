// Lets whoever started a unit of work (a tool call) take part in the write transactions that the
// work opens deep in the engine, without the engine knowing: the audit log uses it so that a tool's
// effects and its audit row commit in one transaction (no effect without its row, even under
// kill -9). The observer travels with the async context, so concurrent calls in one process each
// see their own; the held write holds the connection's unit-of-work lock (unitOfWork.ts).
import { postgresPool, sqlite, type Db } from './handle.js';
import { currentObserver, holdConnection, runObserved, unitClient, type HeldConnection } from './unitOfWork.js';
import * as postgres from './postgres/transactions.js';

export interface WriteObserver {
  /**
   * Called when an outermost write transaction is about to begin on `db`. The observer may take
   * the connection and open a transaction itself (beginHeldWrite) and keep it open past this write;
   * the write then runs in a savepoint inside it.
   */
  beforeWrite(db: Db): Promise<void>;
  /** Called inside an outermost write transaction that the observer did not open, before its COMMIT. */
  beforeCommit(db: Db): Promise<void>;
  /** The work is about to wait on something outside the database: see beforeWaitingOutside. */
  beforeWaitingOutside(): Promise<void>;
  /** A store write in this call committed on its own, outside any write transaction (unitOfWork.ts). */
  onStrayWrite(db: Db): void;
}

/** Runs `work` (and everything it starts asynchronously) with `observer` watching its writes. */
export function observeWrites<T>(observer: WriteObserver, work: () => T): T {
  return runObserved(observer, work);
}

export function currentWriteObserver(): WriteObserver | undefined {
  return currentObserver() as WriteObserver | undefined;
}

/**
 * The work is about to wait on something outside the database — a person (elicitation), the
 * client (sampling), a provider, a file. A call holding its write across its statements commits
 * it first (CallAudit: with its intent row), so no transaction and no lock is held across a wait
 * whose length nobody here controls; its later writes commit one by one.
 */
export async function beforeWaitingOutside(): Promise<void> {
  await currentWriteObserver()?.beforeWaitingOutside();
}

/**
 * The transaction an observer holds across a unit of work's writes (see beforeWrite): the
 * connection taken for the observed call (unitOfWork.ts) and a transaction opened with the write
 * lock up front, committed or rolled back by the observer, which releases the connection with it.
 * These and `inTransaction` are the only handle on a raw transaction outside this folder
 * (architecture.md, *A second store*: the unit of work is the store's to define).
 */
export async function beginHeldWrite(db: Db, beforeBegin: () => Promise<void>): Promise<HeldConnection> {
  const held = await holdConnection(db);
  try {
    // Under the call's hold of the connection, before its transaction (e.g. queued audit rows).
    await beforeBegin();
    if (postgresPool(db) === undefined) sqlite(db).exec('BEGIN IMMEDIATE');
    else await postgres.beginWrite(heldUnit(db, held));
  } catch (error) {
    held.release();
    throw error;
  }
  return held;
}

/** The pooled connection the held write runs on (PostgreSQL). */
function heldUnit(db: Db, held: HeldConnection): postgres.HeldUnit {
  const unit = held.within(() => unitClient(db));
  if (unit === undefined) throw new Error('The held write has no PostgreSQL connection.');
  return unit;
}

export async function commitHeldWrite(db: Db, held: HeldConnection): Promise<void> {
  try {
    if (postgresPool(db) === undefined) sqlite(db).exec('COMMIT');
    else await postgres.commit(heldUnit(db, held));
  } finally {
    held.release();
  }
}

/** Rolls back the held transaction if the database has not already done so itself (e.g. SQLite on a full disk). */
export async function rollbackHeldWrite(db: Db, held: HeldConnection): Promise<void> {
  try {
    if (postgresPool(db) === undefined) {
      if (sqlite(db).inTransaction) sqlite(db).exec('ROLLBACK');
    } else {
      // Once released (a COMMIT that failed has ended it), there is nothing left to roll back.
      const unit = held.within(() => unitClient(db));
      if (unit !== undefined) await postgres.rollback(unit);
    }
  } finally {
    held.release();
  }
}

/** Whether a transaction is open on the connection this context holds (SQLite may have rolled one back by itself). */
export function inTransaction(db: Db): boolean {
  if (postgresPool(db) !== undefined) return unitClient(db)?.inTransaction === true;
  return sqlite(db).inTransaction;
}
