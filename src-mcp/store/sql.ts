// The store's statements, written once for both engines (docs/architecture.md, *PostgreSQL
// engine*). A store function passes its SQL text — SQLite's parameter forms, the subset of SQL
// both engines read alike, or a per-engine pair from dialect.ts where they really differ — and
// gets plain rows back, shaped alike on both engines:
// - SQLite: the connection's cached prepared statement (statements.ts), run at once when no
//   other call's unit of work holds the connection (unitOfWork.ts);
// - PostgreSQL: a named prepared statement (statementText.ts) on the connection of the unit this
//   call runs in, or on any pooled connection outside one.
import type pg from 'pg';
import { postgresPool, type Db } from './handle.js';
import type { PostgresPool } from './postgres/pool.js';
import { postgresQuery } from './postgres/statementText.js';
import { asStoreFailure } from './postgres/failures.js';
import { cached, cachedPluck, cachedRaw } from './statements.js';
import { onConnection, unitClient } from './unitOfWork.js';

/** Parameters as better-sqlite3 takes them: positional, or by name (`@name` in the text). */
export type Params = readonly unknown[] | Readonly<Record<string, unknown>>;

/** A statement's text: one for both engines, or a pair where their SQL differs (dialect.ts). */
export type Statement = string | EngineTexts;

export interface EngineTexts {
  readonly sqlite: string;
  readonly postgres: string;
}

function textFor(statement: Statement, engine: 'sqlite' | 'postgres'): string {
  return typeof statement === 'string' ? statement : statement[engine];
}

function bind(params: Params | undefined): unknown[] {
  if (params === undefined) return [];
  return Array.isArray(params) ? params : [params];
}

async function onPostgres(db: Db, pool: PostgresPool, statement: Statement, params: Params | undefined, rowMode?: 'array'): Promise<pg.QueryResult> {
  const { statement: prepared, values } = postgresQuery(textFor(statement, 'postgres'), params);
  const config: pg.QueryConfig = { name: prepared.name, text: prepared.text, values };
  const unit = unitClient(db);
  const runner = unit?.client ?? pool.pool;
  try {
    return rowMode === 'array' ? await runner.query({ ...config, rowMode }) : await runner.query(config);
  } catch (error) {
    throw asStoreFailure(error, pool.display);
  }
}

/** Every row, as objects keyed by column name. */
export async function rows<T>(db: Db, statement: Statement, params?: Params): Promise<T[]> {
  const pool = postgresPool(db);
  if (pool !== undefined) return (await onPostgres(db, pool, statement, params)).rows as T[];
  return onConnection(db, () => cached(db, textFor(statement, 'sqlite')).all(...bind(params)) as T[]);
}

/** The first row, or undefined. */
export async function row<T>(db: Db, statement: Statement, params?: Params): Promise<T | undefined> {
  const pool = postgresPool(db);
  if (pool !== undefined) return (await onPostgres(db, pool, statement, params)).rows[0] as T | undefined;
  return onConnection(db, () => cached(db, textFor(statement, 'sqlite')).get(...bind(params)) as T | undefined);
}

/** The first column of the first row, or undefined when there is no row. */
export async function scalar<T>(db: Db, statement: Statement, params?: Params): Promise<T | undefined> {
  const pool = postgresPool(db);
  if (pool !== undefined) return ((await onPostgres(db, pool, statement, params, 'array')).rows[0] as unknown[] | undefined)?.[0] as T | undefined;
  return onConnection(db, () => cachedPluck(db, textFor(statement, 'sqlite')).get(...bind(params)) as T | undefined);
}

/** The first column of every row. */
export async function scalars<T>(db: Db, statement: Statement, params?: Params): Promise<T[]> {
  const pool = postgresPool(db);
  if (pool !== undefined) return ((await onPostgres(db, pool, statement, params, 'array')).rows as unknown[][]).map((each) => each[0] as T);
  return onConnection(db, () => cachedPluck(db, textFor(statement, 'sqlite')).all(...bind(params)) as T[]);
}

/** Every row as an array in the SELECT list's order: cheaper than objects for wide rows (statements.ts). */
export async function tuples<T extends readonly unknown[]>(db: Db, statement: Statement, params?: Params): Promise<T[]> {
  const pool = postgresPool(db);
  if (pool !== undefined) return (await onPostgres(db, pool, statement, params, 'array')).rows as unknown as T[];
  return onConnection(db, () => cachedRaw(db, textFor(statement, 'sqlite')).all(...bind(params)) as unknown as T[]);
}

/**
 * Runs a statement that writes (INSERT, UPDATE, DELETE); returns how many rows it changed. Outside
 * a write transaction it commits on its own (a tool call's audit names it: unitOfWork.ts). To read
 * back what it wrote, add RETURNING and use `rows`/`scalar` with `writes` instead.
 */
export async function execute(db: Db, statement: Statement, params?: Params): Promise<number> {
  const pool = postgresPool(db);
  if (pool !== undefined) return (await onPostgres(db, pool, statement, params)).rowCount ?? 0;
  return onConnection(db, () => cached(db, textFor(statement, 'sqlite')).run(...bind(params)).changes, 'writes');
}

/** A write with RETURNING: the rows it returned (an id assigned by the database, a counter's new value). */
export async function writeReturning<T>(db: Db, statement: Statement, params?: Params): Promise<T[]> {
  const pool = postgresPool(db);
  if (pool !== undefined) return (await onPostgres(db, pool, statement, params)).rows as T[];
  return onConnection(db, () => cached(db, textFor(statement, 'sqlite')).all(...bind(params)) as T[], 'writes');
}
