// Opens the shared SQLite database. Many processes open it at once (one server per assistant,
// plus the desktop's), so the settings here are what make that safe: WAL for concurrent readers,
// a busy timeout instead of instant SQLITE_BUSY, and BEGIN IMMEDIATE for every write.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS, LATEST_SCHEMA_VERSION } from './migrations/index.js';
import { databasePath } from '../../src-shared/node/dataDir.js';
import { StoreError } from './errors.js';
import { handleOf, postgresPool, sqlite, type Db } from './handle.js';
import { onConnection } from './unitOfWork.js';
import { PostgresPool } from './postgres/pool.js';
import { connectionError } from './postgres/connection.js';
import { migratePostgres, postgresSchemaVersion } from './postgres/migrate.js';
import type { DatabaseLocation } from '../../src-shared/node/databaseUrl.js';

export type { Db } from './handle.js';
// The units of work live in transactions.ts (which imports no migrations, so code run without
// the build's .sql loader — the benchmarks' seeders — can use them); opening is this module's.
export { readTransaction, writeTransaction } from './transactions.js';

export interface OpenOptions {
  /** Milliseconds a writer waits for another process's lock before giving up (SQLite). */
  busyTimeoutMs?: number;
  /**
   * The handle will tail changes (a server's change feed): on PostgreSQL its LISTEN connection is
   * opened beside the migration rather than after it. A command that never tails leaves it out.
   */
  watchChanges?: boolean;
}

/**
 * Opens the store a server entry was given: the PostgreSQL database at `location`, or, without
 * one, the SQLite file in `dataDir` exactly as before (docs/architecture.md, *PostgreSQL engine*).
 */
export async function openStore(dataDir: string, location: DatabaseLocation | undefined, options: OpenOptions = {}): Promise<Db> {
  if (location?.engine === 'postgres') return openPostgresDatabase(location.url, dataDir, options);
  return openDatabase(dataDir, options);
}

/**
 * Opens a pool on the PostgreSQL database at `url` and migrates it (behind the migrator's advisory
 * lock). `dataDir` is this process's own folder, where its audit anchor for the database is kept.
 */
export async function openPostgresDatabase(url: string, dataDir?: string, options: Pick<OpenOptions, 'watchChanges'> = {}): Promise<Db> {
  if (dataDir !== undefined) fs.mkdirSync(dataDir, { recursive: true });
  const pool = new PostgresPool(url, dataDir);
  if (options.watchChanges === true) pool.changes.listenSoon();
  try {
    const client = await pool.pool.connect().catch((error: unknown) => {
      throw connectionError(error, url);
    });
    try {
      await migratePostgres(client, pool.display);
    } finally {
      client.release();
    }
    return handleOf(pool);
  } catch (error) {
    await pool.close();
    throw error;
  }
}

/**
 * A handle on the PostgreSQL database at `url` as it is — no connection made yet, no migration —
 * for a look that changes nothing (`doctor --database`); `dataDir` is the folder whose audit anchor
 * for this database the look compares with. Close it with closeDatabase.
 */
export function inspectPostgresDatabase(url: string, dataDir?: string): Db {
  return handleOf(new PostgresPool(url, dataDir));
}

export async function openDatabase(dataDir: string, options: OpenOptions = {}): Promise<Db> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = databasePath(dataDir);
  refuseNewerSchema(file);

  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    db.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode; only an OS crash can lose the
    // last transactions, which is the usual desktop trade-off (and what Chromium/VS Code use).
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    const handle = handleOf(db);
    await migrate(handle);
    return handle;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A database written by a newer Co-Scientist must not be touched: we read its schema version
 * through a read-only handle, before any pragma that could change the file.
 */
function refuseNewerSchema(file: string): void {
  if (!fs.existsSync(file)) return;
  const fromHeader = headerSchemaVersion(file);
  if (fromHeader !== null) {
    if (fromHeader > LATEST_SCHEMA_VERSION) throw newerSchemaError(file, fromHeader);
    return;
  }
  let version: number;
  const probe = new Database(file, { readonly: true, fileMustExist: true });
  try {
    version = probe.pragma('user_version', { simple: true }) as number;
  } catch (error) {
    throw new StoreError(
      'DATABASE_UNREADABLE',
      `The database at ${file} could not be read (${(error as Error).message}). It has not been changed.`,
    );
  } finally {
    probe.close();
  }
  if (version > LATEST_SCHEMA_VERSION) throw newerSchemaError(file, version);
}

/**
 * The schema version from the file's own header (user_version, bytes 60-63), when the header is
 * the whole truth: a SQLite file whose write-ahead log holds no frames. Reading 100 bytes spares
 * every start a second connection (~3 ms of a ~150 ms cold start). With frames in the log (another
 * process has the database open), or a header that is not SQLite's, only SQLite can tell: null.
 */
function headerSchemaVersion(file: string): number | null {
  try {
    if (fs.statSync(`${file}-wal`).size > 0) return null;
  } catch {
    // No log: the file is complete.
  }
  const header = Buffer.alloc(100);
  const fd = fs.openSync(file, 'r');
  try {
    if (fs.readSync(fd, header, 0, header.length, 0) < header.length) return null;
  } finally {
    fs.closeSync(fd);
  }
  if (header.toString('latin1', 0, 16) !== 'SQLite format 3\u0000') return null;
  return header.readInt32BE(60);
}

function newerSchemaError(file: string, version: number): StoreError {
  return new StoreError(
    'DATABASE_TOO_NEW',
    `The database at ${file} was written by a newer version of Co-Scientist (schema ${version}; ` +
      `this version understands up to ${LATEST_SCHEMA_VERSION}). Update Co-Scientist to open it. ` +
      'The database has not been changed.',
  );
}

/**
 * Applies pending migrations up to `target` (the latest unless a test migrates step by step), each
 * in its own IMMEDIATE transaction, safe against a concurrent migrator.
 */
export async function migrate(db: Db, target = LATEST_SCHEMA_VERSION): Promise<void> {
  const pool = postgresPool(db);
  if (pool !== undefined) {
    const client = await pool.pool.connect();
    try {
      await migratePostgres(client, pool.display, { target });
    } finally {
      client.release();
    }
    return;
  }
  const connection = sqlite(db);
  // Almost every start finds the schema current. A plain read settles that without the write lock,
  // which another server may hold for a while (a long write), and which would stall this start.
  const found = await schemaVersion(db);
  if (found > LATEST_SCHEMA_VERSION) throw newerSchemaError(connection.name, found);
  for (const migration of MIGRATIONS) {
    if (migration.version <= found || migration.version > target) continue;
    const apply = connection.transaction(() => {
      // Re-read inside the write lock: another process may have migrated while we waited.
      const current = connection.pragma('user_version', { simple: true }) as number;
      if (current > LATEST_SCHEMA_VERSION) throw newerSchemaError(connection.name, current);
      if (current >= migration.version) return;
      connection.exec(migration.sql);
      connection.pragma(`user_version = ${migration.version}`);
    });
    apply.immediate();
  }
}

/** The journal mode the database runs in ('wal' once opened by this program; PostgreSQL keeps its own write-ahead log). */
export function journalMode(db: Db): Promise<string> {
  if (postgresPool(db) !== undefined) return Promise.resolve('postgresql');
  return onConnection(db, () => {
    return String(sqlite(db).pragma('journal_mode', { simple: true }));
  });
}

/** SQLite's quick integrity check: 'ok', or the first problem it found. */
export async function quickCheck(db: Db): Promise<string> {
  const pool = postgresPool(db);
  // PostgreSQL checks its pages itself; what can be wrong from here is reaching it.
  if (pool !== undefined) return (await pool.pool.query('SELECT 1')).rowCount === 1 ? 'ok' : 'no answer';
  return onConnection(db, () => {
    return String(sqlite(db).pragma('quick_check', { simple: true }));
  });
}

export async function schemaVersion(db: Db): Promise<number> {
  const pool = postgresPool(db);
  if (pool !== undefined) {
    const client = await pool.pool.connect();
    try {
      return await postgresSchemaVersion(client);
    } finally {
      client.release();
    }
  }
  return onConnection(db, () => {
    return sqlite(db).pragma('user_version', { simple: true }) as number;
  });
}

/** Where the database is: the SQLite file's path, or the PostgreSQL URL without its password. */
export function databaseFile(db: Db): string {
  const pool = postgresPool(db);
  if (pool !== undefined) return pool.display;
  return path.resolve(sqlite(db).name);
}

/** Whether the handle's connection is still open (false once closeDatabase ran). */
export function isDatabaseOpen(db: Db): boolean {
  return postgresPool(db)?.open ?? sqlite(db).open;
}

/** Closes the connection once the units of work queued on it are done; the handle is unusable afterwards. */
export async function closeDatabase(db: Db): Promise<void> {
  const pool = postgresPool(db);
  if (pool !== undefined) return pool.close();
  return onConnection(db, () => {
    sqlite(db).close();
  });
}
