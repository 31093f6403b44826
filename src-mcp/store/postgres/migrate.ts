// The PostgreSQL migrator: the PostgreSQL form of each migration in migrations/index.ts (the one
// list both engines follow), each applied in its own transaction, except on a new database, which
// is made in one: from the baseline (the schema the steps up to its version make, as pg_dump
// writes it; migrations/index.ts, POSTGRES_BASELINE), then the steps after it. A first start pays
// one transaction's round trips and ~2/3 of the steps' DDL; with no rows yet, no step can leave
// trigger events a later ALTER TABLE would trip over. Where SQLite keeps the version in
// `user_version`, PostgreSQL keeps a `schema_version` table: one row per applied step, the
// baseline's steps included.
//
// Several server processes may start at once against one database: each step's transaction first
// takes a transaction-scoped advisory lock, then re-reads the version, so a step is applied once and
// a migrator that waited finds the work done.
import type pg from 'pg';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, POSTGRES_BASELINE, type Migration, type PostgresBaseline } from '../migrations/index.js';
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
  /**
   * What a new database is made from before the steps after its version; null: every step.
   * POSTGRES_BASELINE with the production list, none with a changed one unless given.
   */
  baseline?: PostgresBaseline | null;
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
  if (from === 0) {
    const baseline = options.baseline !== undefined ? options.baseline : options.migrations === undefined ? POSTGRES_BASELINE : null;
    // A target before the baseline's version (tests migrating step by step) takes the steps.
    applied.push(...(await applySteps(client, where, pending, latest, baseline !== null && baseline.version <= target ? baseline : null)));
  } else for (const migration of pending) applied.push(...(await applySteps(client, where, [migration], latest, null)));
  return { from, to: Math.max(from, await postgresSchemaVersion(client)), applied };
}

const ONE_TRANSACTION = 'a new database is created in one transaction';

/**
 * Steps in one transaction, the first `baseline.version` of them as the baseline when the database
 * is still empty under the lock; the names of those applied (none that another migrator applied
 * while we waited for the lock).
 */
async function applySteps(
  client: pg.ClientBase,
  where: string,
  steps: readonly Migration[],
  latest: number,
  baseline: PostgresBaseline | null,
): Promise<string[]> {
  // What is being applied, for the error: its name and what its failure takes back with it.
  let failing: { name: string; rolledBack: string } | undefined;
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA_VERSION_TABLE} (version bigint PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    let current = await postgresSchemaVersion(client);
    if (current > latest) throw newerSchemaError(where, current, latest);
    const applied: string[] = [];
    if (baseline !== null && current === 0) {
      const made = steps.filter((migration) => migration.version <= baseline.version);
      failing = { name: `the baseline (${made[0]?.name ?? ''} to ${made[made.length - 1]?.name ?? ''})`, rolledBack: ` (${ONE_TRANSACTION})` };
      // pg_dump writes functions before the tables their bodies read; the bodies are checked when
      // first run (and by the tests), as pg_dump's own restore does.
      await client.query('SET LOCAL check_function_bodies = off');
      await client.query(baseline.postgres);
      await client.query('SET LOCAL check_function_bodies TO DEFAULT');
      await client.query(`INSERT INTO ${SCHEMA_VERSION_TABLE} (version, name) SELECT * FROM unnest($1::bigint[], $2::text[])`, [
        made.map((migration) => migration.version),
        made.map((migration) => migration.name),
      ]);
      applied.push(...made.map((migration) => migration.name));
      current = baseline.version;
    }
    for (const migration of steps) {
      if (current >= migration.version) continue;
      failing = { name: migration.name, rolledBack: steps.length > 1 ? ` with every step before it (${ONE_TRANSACTION})` : '' };
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
    throw new StoreError(
      'DATABASE_MIGRATION_FAILED',
      `Migration ${failing?.name ?? '(before the first step)'} failed on the PostgreSQL database ${where} and was rolled back${failing?.rolledBack ?? ''}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export { LATEST_SCHEMA_VERSION };
