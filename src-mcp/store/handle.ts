// The database handle as the layers above the store see it (docs/architecture.md, "A second
// store"): an opaque value they hold and pass back to store functions. Its type names no driver,
// so the engine cannot run a statement, a pragma or a transaction on it — not by lint alone, by
// type. Only the store's own modules reach the better-sqlite3 connection behind it, via `sqlite`.
// A module of its own (importing nothing at run time) so that every store module, including those
// database.ts itself uses, can unwrap a handle without an import cycle.
import type Database from 'better-sqlite3';

declare const opaque: unique symbol;

export interface Db {
  readonly [opaque]: 'Db';
}

/** The driver's connection: a type for the store's own modules only. */
export type Connection = Database.Database;

/** The connection behind a handle. For src-mcp/store only (dependency-cruiser's db-handle-opaque-above-store refuses this module above the store). */
export function sqlite(db: Db): Connection {
  return db as unknown as Connection;
}

/** The handle of a connection the store opened: the same object, typed opaque. */
export function handleOf(connection: Connection): Db {
  return connection as unknown as Db;
}
