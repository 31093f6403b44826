// The PostgreSQL migrator: the PostgreSQL form of each migration in migrations/index.ts (the one
// list both engines follow), each applied in its own transaction. Where SQLite keeps the version in
// `user_version`, PostgreSQL keeps a `schema_version` table: one row per applied step.
//
// Several server processes may start at once against one database: each step's transaction first
// takes a transaction-scoped advisory lock, then re-reads the version, so a step is applied once and
// a migrator that waited finds the work done.
import type pg from 'pg';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from '../migrations/index.js';
import { StoreError } from '../errors.js';

/** Any fixed 64-bit key, the same in every Co-Scientist process ("cosci-migrate" in ASCII, truncated). */
export const MIGRATION_LOCK_KEY = 0x636f7363696d6967n;

export const SCHEMA_VERSION_TABLE = 'schema_version';

/** The schema version: 0 for a database Co-Scientist has never migrated (no schema_version table). */
export async function postgresSchemaVersion(client: pg.ClientBase): Promise<number> {
  const exists = await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [SCHEMA_VERSION_TABLE]);
  if (exists.rows[0]?.found == null) return 0;
  // ::integer: a number whatever type parsers the caller's connection has.
  const result = await client.query<{ version: number | null }>(`SELECT max(version)::integer AS version FROM ${SCHEMA_VERSION_TABLE}`);
  return result.rows[0]?.version ?? 0;
}

export interface MigrationOutcome {
  /** The version found before any step ran. */
  from: number;
  to: number;
  /** The steps this call applied (another migrator may have applied the rest). */
  applied: string[];
}

export interface MigrateOptions {
  /** Stop after this version (tests migrate step by step); the latest by default. */
  target?: number;
  /** The list to follow; the production list by default (tests pass a changed copy). */
  migrations?: readonly Migration[];
}

function newerSchemaError(where: string, version: number, latest: number): StoreError {
  return new StoreError(
    'DATABASE_TOO_NEW',
    `The PostgreSQL database ${where} was written by a newer version of Co-Scientist (schema ${version}; ` +
      `this version understands up to ${latest}). Update Co-Scientist to open it. The database has not been changed.`,
  );
}

/** Applies the pending steps up to `target`; refuses a database whose schema is newer than this program's. */
export async function migratePostgres(client: pg.ClientBase, where: string, options: MigrateOptions = {}): Promise<MigrationOutcome> {
  const migrations = options.migrations ?? MIGRATIONS;
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  const target = options.target ?? latest;
  if (!Number.isInteger(target) || target < 0 || target > latest) throw new Error(`No migration ${target}: versions run from 1 to ${latest}.`);
  // A plain read first: a current database (almost every start) takes no lock at all.
  const from = await postgresSchemaVersion(client);
  if (from > latest) throw newerSchemaError(where, from, latest);
  const applied: string[] = [];
  for (const migration of migrations) {
    if (migration.version <= from || migration.version > target) continue;
    if (await applyStep(client, where, migration, latest)) applied.push(migration.name);
  }
  return { from, to: Math.max(from, await postgresSchemaVersion(client)), applied };
}

/** One step in one transaction; false when another migrator applied it while we waited for the lock. */
async function applyStep(client: pg.ClientBase, where: string, migration: Migration, latest: number): Promise<boolean> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA_VERSION_TABLE} (version bigint PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const current = await postgresSchemaVersion(client);
    if (current > latest) throw newerSchemaError(where, current, latest);
    if (current >= migration.version) {
      await client.query('COMMIT');
      return false;
    }
    // No parameters: the simple query protocol runs the file's statements one after another.
    await client.query(migration.postgres);
    await client.query(`INSERT INTO ${SCHEMA_VERSION_TABLE} (version, name) VALUES ($1, $2)`, [migration.version, migration.name]);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (error instanceof StoreError) throw error;
    throw new StoreError(
      'DATABASE_MIGRATION_FAILED',
      `Migration ${migration.name} failed on the PostgreSQL database ${where} and was rolled back: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export { LATEST_SCHEMA_VERSION };
