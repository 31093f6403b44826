// The PostgreSQL migrator: the PostgreSQL form of each migration in migrations/index.ts (the one
// list both engines follow), each applied in its own transaction, except on a new database, which
// gets every step in one (a first start then pays one transaction's round trips, not one per step;
// with no rows yet, no step can leave trigger events a later ALTER TABLE would trip over). Where
// SQLite keeps the version in `user_version`, PostgreSQL keeps a `schema_version` table: one row
// per applied step.
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
  const pending = migrations.filter((migration) => migration.version > from && migration.version <= target);
  const applied: string[] = [];
  if (from === 0) applied.push(...(await applySteps(client, where, pending, latest)));
  else for (const migration of pending) applied.push(...(await applySteps(client, where, [migration], latest)));
  return { from, to: Math.max(from, await postgresSchemaVersion(client)), applied };
}

/** Steps in one transaction; the names of those applied (none that another migrator applied while we waited for the lock). */
async function applySteps(client: pg.ClientBase, where: string, steps: readonly Migration[], latest: number): Promise<string[]> {
  let migration: Migration | undefined;
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA_VERSION_TABLE} (version bigint PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const current = await postgresSchemaVersion(client);
    if (current > latest) throw newerSchemaError(where, current, latest);
    const applied: string[] = [];
    for (migration of steps) {
      if (current >= migration.version) continue;
      // No parameters: the simple query protocol runs the file's statements one after another.
      await client.query(migration.postgres);
      await client.query(`INSERT INTO ${SCHEMA_VERSION_TABLE} (version, name) VALUES ($1, $2)`, [migration.version, migration.name]);
      applied.push(migration.name);
    }
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (error instanceof StoreError) throw error;
    const rolledBack = steps.length > 1 ? ' with every step before it (a new database is created in one transaction)' : '';
    throw new StoreError(
      'DATABASE_MIGRATION_FAILED',
      `Migration ${migration?.name ?? '(before the first step)'} failed on the PostgreSQL database ${where} and was rolled back${rolledBack}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export { LATEST_SCHEMA_VERSION };
