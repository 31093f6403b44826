// The units of work on PostgreSQL (docs/architecture.md, *PostgreSQL engine*): the same contract
// as SQLite's (store/transactions.ts), on the pooled connection the unit holds (unitOfWork.ts).
//
// Every write transaction first takes one database-wide advisory lock, held to its COMMIT: writes
// are serialised across all server processes, as SQLite's BEGIN IMMEDIATE serialises them across
// the processes on one file. That is what keeps the store's guarantees whole on several replicas
// without each function re-arguing them: a work item is leased once, a checkpoint decided once,
// a match's rating update and the board read model move together, and the audit chain's next row
// links to the row that is really last. Each tool call already appends an audit row, so the calls
// were serial on the audit's tail anyway; reads never wait for it.
import type { UnitClient } from '../unitOfWork.js';
import { CHANGE_CHANNEL } from './changeSignal.js';
import { asStoreFailure } from './failures.js';

/** The connection a unit (or a call's held write) holds. */
export type HeldUnit = UnitClient;

/** pg_advisory_xact_lock's key for the store's writes ('cosci_wr'). */
export const WRITE_LOCK_KEY = 0x636f7363695f7772n;

let savepoints = 0;

/** A transaction-control statement on the unit's connection, its failure said as the store says it (failures.ts). */
async function control(unit: UnitClient, text: string, values?: unknown[]): Promise<void> {
  try {
    await unit.client.query(text, values);
  } catch (error) {
    throw asStoreFailure(error, unit.display);
  }
}

/**
 * Takes the write lock and queues the change signal (changeSignal.ts), in one round trip: NOTIFY in
 * a transaction is delivered only if it commits.
 */
const LOCK_AND_SIGNAL = `SELECT pg_advisory_xact_lock($1), pg_notify('${CHANGE_CHANNEL}', '')`;

/** Opens the write transaction on the unit's connection, holding the store's write lock. */
export async function beginWrite(unit: UnitClient): Promise<void> {
  await control(unit, 'BEGIN');
  unit.inTransaction = true;
  try {
    await control(unit, LOCK_AND_SIGNAL, [WRITE_LOCK_KEY.toString()]);
  } catch (error) {
    await rollback(unit);
    throw error;
  }
}

/**
 * Opens the write transaction only if the store's write lock is free now: false, with the
 * transaction rolled back, while another connection holds it.
 */
export async function tryBeginWrite(unit: UnitClient): Promise<boolean> {
  await unit.client.query('BEGIN');
  unit.inTransaction = true;
  try {
    const taken = await unit.client.query<{ locked: boolean | number }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [WRITE_LOCK_KEY.toString()]);
    // The pool reads booleans as 1/0 (pool.ts).
    if (taken.rows[0]?.locked === true || taken.rows[0]?.locked === 1) return true;
  } catch (error) {
    await rollback(unit);
    throw error;
  }
  await rollback(unit);
  return false;
}

/** Opens a read transaction over one snapshot. */
export async function beginRead(unit: UnitClient): Promise<void> {
  await control(unit, 'BEGIN ISOLATION LEVEL REPEATABLE READ');
  unit.inTransaction = true;
}

export async function commit(unit: UnitClient): Promise<void> {
  try {
    await control(unit, 'COMMIT');
  } finally {
    // A failed COMMIT ends the transaction too (PostgreSQL rolls it back).
    unit.inTransaction = false;
  }
}

export async function rollback(unit: UnitClient): Promise<void> {
  if (!unit.inTransaction) return;
  await control(unit, 'ROLLBACK');
  unit.inTransaction = false;
}

/** Runs `work` in the transaction just begun on the unit's connection: committed when it succeeds, rolled back when it throws. */
export async function untilCommitted<T>(unit: UnitClient, work: () => T | Promise<T>): Promise<T> {
  try {
    const result = await work();
    await commit(unit);
    return result;
  } catch (error) {
    await rollback(unit);
    throw error;
  }
}

/**
 * `work` inside the open transaction, undone alone if it fails. A write inside a read snapshot
 * takes the write lock here (a no-op when the transaction already holds it).
 */
export async function inSavepoint<T>(unit: UnitClient, work: () => T | Promise<T>, writes: boolean): Promise<T> {
  const name = `unit_${(savepoints += 1)}`;
  await control(unit, `SAVEPOINT ${name}`);
  try {
    if (writes) await control(unit, LOCK_AND_SIGNAL, [WRITE_LOCK_KEY.toString()]);
    const result = await work();
    await control(unit, `RELEASE ${name}`);
    return result;
  } catch (error) {
    if (unit.inTransaction) await control(unit, `ROLLBACK TO ${name}; RELEASE ${name}`);
    throw error;
  }
}
