// The database handle as the layers above the store see it (docs/architecture.md, "A second
// store"): an opaque value they hold and pass back to store functions. Its type names no driver,
// so the engine cannot run a statement, a pragma or a transaction on it — not by lint alone, by
// type. Behind it is either this process's better-sqlite3 connection (the handle IS that
// connection, so the hot path unwraps it for free) or a PostgreSQL pool (a PostgresPool,
// store/postgres/pool.ts). Only the store's own modules unwrap it.
// A module of its own (importing nothing at run time but the pool's class) so that every store
// module, including those database.ts itself uses, can unwrap a handle without an import cycle.
import type Database from 'better-sqlite3';
import { PostgresPool } from './postgres/pool.js';

declare const opaque: unique symbol;

export interface Db {
  readonly [opaque]: 'Db';
}

/** The driver's connection: a type for the store's own modules only. */
export type Connection = Database.Database;

/** The two engines one store speaks (docs/architecture.md, *PostgreSQL engine*). */
export type Engine = 'sqlite' | 'postgres';

/** The engine behind a handle. */
export function engineOf(db: Db): Engine {
  return (db as unknown) instanceof PostgresPool ? 'postgres' : 'sqlite';
}

/** The PostgreSQL pool behind a handle, or undefined on SQLite. */
export function postgresPool(db: Db): PostgresPool | undefined {
  return (db as unknown) instanceof PostgresPool ? (db as unknown as PostgresPool) : undefined;
}

/**
 * The SQLite connection behind a handle. For src-mcp/store only (dependency-cruiser's
 * db-handle-opaque-above-store refuses this module above the store). On a PostgreSQL handle it
 * throws: what calls it is SQLite's housekeeping (WAL, the file anchor), which must check the
 * engine first.
 */
export function sqlite(db: Db): Connection {
  if ((db as unknown) instanceof PostgresPool) throw new Error('A SQLite-only store function was called on a PostgreSQL database.');
  return db as unknown as Connection;
}

/** The handle of a connection the store opened: the same object, typed opaque. */
export function handleOf(connection: Connection | PostgresPool): Db {
  return connection as unknown as Db;
}
