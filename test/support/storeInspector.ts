// A test's look into the store the servers of a data folder use, as another process would look:
// the SQLite file in the folder, or the folder's own PostgreSQL database on a PostgreSQL run
// (storeEngine.ts `openStoreFor`). SQL goes through the store's own runner (src-mcp/store/sql.ts),
// so a test writes it once, in SQLite's parameter forms, and it runs on both engines; where the
// dialects differ, the test builds its text with `store.dialect`. The handle is closed after use.
import { closeDatabase, writeTransaction, type Db } from '../../src-mcp/store/database.js';
import { dialectOf, type Dialect } from '../../src-mcp/store/dialect.js';
import { execute, row, rows, scalar, scalars, type Params, type Statement } from '../../src-mcp/store/sql.js';
import { openStoreFor } from './storeEngine.js';

export interface StoreInspector {
  /** The open handle (for store functions such as verifyAuditChain). */
  readonly db: Db;
  readonly dialect: Dialect;
  rows<T>(statement: Statement, params?: Params): Promise<T[]>;
  row<T>(statement: Statement, params?: Params): Promise<T | undefined>;
  scalar<T>(statement: Statement, params?: Params): Promise<T | undefined>;
  scalars<T>(statement: Statement, params?: Params): Promise<T[]>;
  /** A write, committed on its own; returns the rows it changed. */
  execute(statement: Statement, params?: Params): Promise<number>;
  /**
   * What an attacker with direct access does first: drops one of the schema's guard triggers
   * (same names on both engines; PostgreSQL's DROP TRIGGER names the table too).
   */
  dropTrigger(trigger: string, table: string): Promise<void>;
  /** Holds the store's write lock (BEGIN IMMEDIATE, or PostgreSQL's advisory write lock) while `body` runs. */
  holdingWriteLock<T>(body: () => Promise<T>): Promise<T>;
}

/** Opens the store of `dataDir`, runs `body` on it, and closes it whatever happens. */
export async function inspectStore<T>(dataDir: string, body: (store: StoreInspector) => Promise<T>): Promise<T> {
  const db = await openStoreFor(dataDir);
  const dialect = dialectOf(db);
  const store: StoreInspector = {
    db,
    dialect,
    rows: (statement, params) => rows(db, statement, params),
    row: (statement, params) => row(db, statement, params),
    scalar: (statement, params) => scalar(db, statement, params),
    scalars: (statement, params) => scalars(db, statement, params),
    execute: (statement, params) => execute(db, statement, params),
    dropTrigger: async (trigger, table) => {
      await execute(db, dialect.engine === 'postgres' ? `DROP TRIGGER IF EXISTS ${trigger} ON ${table}` : `DROP TRIGGER IF EXISTS ${trigger}`);
    },
    holdingWriteLock: (work) => writeTransaction(db, work),
  };
  try {
    return await body(store);
  } finally {
    await closeDatabase(db);
  }
}

/** Every row of one statement on the store of `dataDir`. */
export function storeRows<T>(dataDir: string, statement: Statement, params?: Params): Promise<T[]> {
  return inspectStore(dataDir, (store) => store.rows<T>(statement, params));
}

/** The first column of the first row of one statement on the store of `dataDir`. */
export function storeScalar<T>(dataDir: string, statement: Statement, params?: Params): Promise<T | undefined> {
  return inspectStore(dataDir, (store) => store.scalar<T>(statement, params));
}

/** The first column of every row of one statement on the store of `dataDir`. */
export function storeScalars<T>(dataDir: string, statement: Statement, params?: Params): Promise<T[]> {
  return inspectStore(dataDir, (store) => store.scalars<T>(statement, params));
}

/** Hypothesis summaries of the store of `dataDir`, for a fake judge that knows quality (fakeProviders.ts, fakeAssistant.ts). */
export function storeSummaries(dataDir: string): () => Promise<ReadonlyMap<string, string>> {
  return async () => new Map((await storeRows<{ id: string; summary: string }>(dataDir, 'SELECT id, summary FROM hypotheses')).map((h) => [h.id, h.summary]));
}
