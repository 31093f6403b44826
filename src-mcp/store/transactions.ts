// The units of work (docs/architecture.md, *A second store*): a write transaction that takes the
// write lock up front, a read transaction over one snapshot, each holding this process's
// connection (SQLite) or one pooled connection (PostgreSQL) from BEGIN to COMMIT (unitOfWork.ts)
// so that no other call's statement lands inside it. database.ts re-exports them; this module
// imports no migrations, so code run without the build's .sql loader (the benchmarks' seeders
// under tsx) can use them.
import { currentWriteObserver, type WriteObserver } from './writeObserver.js';
import { publishAuditAnchor } from './auditAnchor.js';
import { postgresPool, sqlite, type Connection, type Db } from './handle.js';
import { inUnit, ownsConnection, unitClient, type UnitClient } from './unitOfWork.js';
import * as postgres from './postgres/transactions.js';

/** Whether the current context's unit has a transaction open on `db`. */
function inOpenTransaction(db: Db): boolean {
  if (!ownsConnection(db)) return false;
  if (postgresPool(db) !== undefined) return unitClient(db)?.inTransaction === true;
  return sqlite(db).inTransaction;
}

/** The pooled connection of the unit the current context runs in (inside inUnit, always there). */
function currentUnit(db: Db): UnitClient {
  const unit = unitClient(db);
  if (unit === undefined) throw new Error('A PostgreSQL unit of work has no connection.');
  return unit;
}

/**
 * Runs `work` as one write transaction that takes the write lock up front (no upgrade deadlocks),
 * as a unit of work holding the connection until it ends (unitOfWork.ts: an await in `work` lets
 * no other call's statement into it). Nested in another unit's transaction it is a savepoint.
 * Inside a tool call the call's audit takes part (see writeObserver.ts): it may hold the
 * transaction open until the call's audit row is in it, or add its row before the COMMIT.
 */
export async function writeTransaction<T>(db: Db, work: () => T | Promise<T>): Promise<T> {
  return writeWithObserver(db, work, inOpenTransaction(db) ? undefined : currentWriteObserver());
}

/**
 * A write transaction of the store's own bookkeeping that no tool call's observer takes part in:
 * the audit's appends of rows queued by other calls (store/audit.ts), which must neither open
 * the observing call's held write nor commit with it. Nested in an open transaction: a savepoint.
 */
export async function unobservedWriteTransaction<T>(db: Db, work: () => T | Promise<T>): Promise<T> {
  return writeWithObserver(db, work, undefined);
}

/**
 * PostgreSQL: a write transaction of its own that does not wait for the write lock — undefined,
 * with nothing run, while another connection holds it (how a read's audit row gets past a held
 * lock: mcp/audit/readAudit.ts). SQLite's form (busy timeout 0 for the BEGIN) is in store/audit.ts.
 */
export async function tryPostgresWriteTransaction<T>(db: Db, work: () => T | Promise<T>): Promise<{ value: T } | undefined> {
  return inUnit(db, async () => {
    const unit = currentUnit(db);
    if (unit.inTransaction) throw new Error('tryPostgresWriteTransaction runs in a transaction of its own, not nested in another.');
    if (!(await postgres.tryBeginWrite(unit))) return undefined;
    return postgres.untilCommitted(unit, async () => ({ value: await work() }));
  });
}

async function writeWithObserver<T>(db: Db, work: () => T | Promise<T>, observer: WriteObserver | undefined): Promise<T> {
  // May take the connection for the whole call and open the transaction this write joins.
  if (observer !== undefined) await observer.beforeWrite(db);
  if (postgresPool(db) !== undefined) {
    return inUnit(db, async () => {
      const unit = currentUnit(db);
      if (unit.inTransaction) return postgres.inSavepoint(unit, work, true);
      await postgres.beginWrite(unit);
      try {
        return await postgres.untilCommitted(unit, async () => {
          const result = await work();
          if (observer !== undefined) await observer.beforeCommit(db);
          return result;
        });
      } finally {
        // Audit rows it committed move this process's anchor (auditAnchor.ts), as on SQLite below.
        await publishAuditAnchor(db);
      }
    });
  }
  const connection = sqlite(db);
  return inUnit(db, async () => {
    if (connection.inTransaction) return savepoint(connection, work);
    connection.exec('BEGIN IMMEDIATE');
    try {
      const result = await work();
      if (observer !== undefined) await observer.beforeCommit(db);
      connection.exec('COMMIT');
      return result;
    } catch (error) {
      // SQLite may have rolled back by itself (e.g. a full disk).
      if (connection.inTransaction) connection.exec('ROLLBACK');
      throw error;
    } finally {
      // Audit rows it committed move the anchored head.
      await publishAuditAnchor(db);
    }
  });
}

let savepoints = 0;

/** `work` inside the open transaction, undone alone if it fails (as better-sqlite3's nested transactions were). */
async function savepoint<T>(connection: Connection, work: () => T | Promise<T>): Promise<T> {
  const name = `unit_${(savepoints += 1)}`;
  connection.exec(`SAVEPOINT ${name}`);
  try {
    const result = await work();
    connection.exec(`RELEASE ${name}`);
    return result;
  } catch (error) {
    if (connection.inTransaction) connection.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
    throw error;
  }
}

/**
 * Runs `work` as one read transaction: every statement in it sees the same snapshot of the
 * database, however many writers commit meanwhile (WAL; REPEATABLE READ on PostgreSQL). A unit
 * of work like a write's: another call's statement must not land in its snapshot's transaction.
 */
export async function readTransaction<T>(db: Db, work: () => T | Promise<T>): Promise<T> {
  if (postgresPool(db) !== undefined) {
    return inUnit(db, async () => {
      const unit = currentUnit(db);
      if (unit.inTransaction) return work();
      await postgres.beginRead(unit);
      return postgres.untilCommitted(unit, work);
    });
  }
  const connection = sqlite(db);
  return inUnit(db, async () => {
    if (connection.inTransaction) return work();
    connection.exec('BEGIN');
    try {
      const result = await work();
      connection.exec('COMMIT');
      return result;
    } catch (error) {
      if (connection.inTransaction) connection.exec('ROLLBACK');
      throw error;
    }
  });
}
