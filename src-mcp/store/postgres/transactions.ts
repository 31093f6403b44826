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

/** The connection a unit (or a call's held write) holds. */
export type HeldUnit = UnitClient;

/** pg_advisory_xact_lock's key for the store's writes ('cosci_wr'). */
export const WRITE_LOCK_KEY = 0x636f7363695f7772n;

let savepoints = 0;

/** Opens the write transaction on the unit's connection, holding the store's write lock. */
export async function beginWrite(unit: UnitClient): Promise<void> {
  await unit.client.query('BEGIN');
  unit.inTransaction = true;
  try {
    await unit.client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK_KEY.toString()]);
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
  await unit.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  unit.inTransaction = true;
}

export async function commit(unit: UnitClient): Promise<void> {
  try {
    await unit.client.query('COMMIT');
  } finally {
    // A failed COMMIT ends the transaction too (PostgreSQL rolls it back).
    unit.inTransaction = false;
  }
}

export async function rollback(unit: UnitClient): Promise<void> {
  if (!unit.inTransaction) return;
  await unit.client.query('ROLLBACK');
  unit.inTransaction = false;
}

/**
 * `work` inside the open transaction, undone alone if it fails. A write inside a read snapshot
 * takes the write lock here (a no-op when the transaction already holds it).
 */
export async function inSavepoint<T>(unit: UnitClient, work: () => T | Promise<T>, writes: boolean): Promise<T> {
  const name = `unit_${(savepoints += 1)}`;
  await unit.client.query(`SAVEPOINT ${name}`);
  try {
    if (writes) await unit.client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK_KEY.toString()]);
    const result = await work();
    await unit.client.query(`RELEASE ${name}`);
    return result;
  } catch (error) {
    if (unit.inTransaction) await unit.client.query(`ROLLBACK TO ${name}; RELEASE ${name}`);
    throw error;
  }
}
