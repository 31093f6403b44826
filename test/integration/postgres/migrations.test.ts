// PostgreSQL: the PostgreSQL form of every migration (src-mcp/store/migrations/postgres/) through
// the PostgreSQL migrator, on a real cluster (test/support/postgresCluster.ts), one database per
// case. A database migrated step by step (one migrator run per version on a new connection, rows
// written along the way) must equal one migrated fresh (an empty database brought to the latest
// version in one run — from the baseline, POSTGRES_BASELINE — then the same rows written): same
// catalog, same derived values, and the same derived values as SQLite after the same multi-row
// writes.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../../src-mcp/store/postgres/connection.js';
import { MIGRATION_LOCK_KEY, migratePostgres, postgresSchemaVersion } from '../../../src-mcp/store/postgres/migrate.js';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, POSTGRES_BASELINE } from '../../../src-mcp/store/migrations/index.js';
import { StoreError } from '../../../src-mcp/store/errors.js';
import { catalogDifference, postgresCatalog } from '../../support/schemaCatalog.js';
import { postgresUnavailableReason, usePostgresDatabase } from '../../support/postgresDatabase.js';
import { freshSqlite, sqliteDerivedState } from '../../support/stepwiseSqlite.js';
import { makeTempDir } from '../../support/tempDirs.js';
import {
  DERIVED_STATE_QUERIES,
  EXPECTED_COUNTS_AFTER_FIXTURE,
  EXPECTED_COUNTS_AFTER_MULTI_ROW_WRITES,
  EXPECTED_USAGE_AFTER_FIXTURE,
  EXPECTED_USAGE_AFTER_MULTI_ROW_WRITES,
  FIXTURE_AT_LATEST_ONLY,
  FIXTURE_BY_VERSION,
  MULTI_ROW_WRITES,
} from '../../support/migrationFixture.js';

const unavailable = postgresUnavailableReason();

const clients: pg.Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.end().catch(() => undefined);
});
async function connect(url: string): Promise<pg.Client> {
  const client = await connectPostgres(url);
  clients.push(client);
  return client;
}

async function run(client: pg.ClientBase, statements: Iterable<string>): Promise<void> {
  for (const statement of statements) await client.query(statement);
}

async function fresh(url: string): Promise<pg.Client> {
  const client = await connect(url);
  await migratePostgres(client, 'fresh');
  for (const statements of FIXTURE_BY_VERSION.values()) await run(client, statements);
  await run(client, FIXTURE_AT_LATEST_ONLY);
  return client;
}

async function stepwise(url: string): Promise<pg.Client> {
  for (let version = 1; version <= LATEST_SCHEMA_VERSION; version += 1) {
    // A new connection per version: a restart between runs.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const outcome = await migratePostgres(client, 'stepwise', { target: version });
      expect(outcome).toEqual({ from: version - 1, to: version, applied: [MIGRATIONS[version - 1]?.name] });
      await run(client, FIXTURE_BY_VERSION.get(version) ?? []);
    } finally {
      await client.end();
    }
  }
  return connect(url);
}

async function derivedState(client: pg.ClientBase): Promise<Record<string, unknown[]>> {
  const state: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(DERIVED_STATE_QUERIES)) state[name] = (await client.query(sql)).rows;
  return state;
}

describe.skipIf(unavailable !== undefined)(`PostgreSQL migrations${unavailable === undefined ? '' : ` (skipped: ${unavailable})`}`, () => {
  const databases = usePostgresDatabase('migrations');

  it('step by step has the same tables, columns, indexes, constraints, triggers and functions as fresh', async () => {
    const first = await fresh(await databases.another('fresh'));
    const second = await stepwise(await databases.another('stepwise'));
    const catalog = await postgresCatalog(first);
    expect(catalogDifference(catalog, await postgresCatalog(second))).toEqual([]);
    expect(catalog.length).toBeGreaterThan(150);
    expect(await postgresSchemaVersion(second)).toBe(LATEST_SCHEMA_VERSION);
  });

  it('step by step derives the same counts, board keys, citation counts, title edits and usage totals as fresh, and as SQLite', async () => {
    const first = await fresh(await databases.another('fresh'));
    const second = await stepwise(await databases.another('stepwise'));
    const state = await derivedState(first);
    expect(await derivedState(second)).toEqual(state);
    expect(state.counts).toEqual([EXPECTED_COUNTS_AFTER_FIXTURE]);
    expect(state.usage).toEqual(EXPECTED_USAGE_AFTER_FIXTURE);
    const sqlite = await freshSqlite(makeTempDir('cosci-pg-vs-sqlite-'));
    try {
      expect(state).toEqual(sqliteDerivedState(sqlite, DERIVED_STATE_QUERIES));
      // One statement touching several rows: SQLite's triggers run after each row, PostgreSQL's
      // after the statement (or before each row) — the bookkeeping must agree.
      for (const statement of MULTI_ROW_WRITES) sqlite.exec(statement);
      await run(first, MULTI_ROW_WRITES);
      const after = await derivedState(first);
      expect(after.counts).toEqual([EXPECTED_COUNTS_AFTER_MULTI_ROW_WRITES]);
      expect(after.usage).toEqual(EXPECTED_USAGE_AFTER_MULTI_ROW_WRITES);
      expect(after).toEqual(sqliteDerivedState(sqlite, DERIVED_STATE_QUERIES));
    } finally {
      sqlite.close();
    }
  });

  it('reports a schema that differs (the comparison can fail)', async () => {
    const first = await fresh(await databases.another('fresh'));
    const altered = await fresh(await databases.another('altered'));
    await altered.query('DROP TRIGGER project_counts_on_matches_deleted ON matches');
    await altered.query('ALTER TABLE hypotheses ALTER COLUMN summary DROP NOT NULL');
    await altered.query('CREATE INDEX extra_index ON matches (winner_id)');
    const difference = catalogDifference(await postgresCatalog(first), await postgresCatalog(altered));
    expect(difference).toContainEqual(expect.stringMatching(/^- trigger project_counts_on_matches_deleted /));
    expect(difference).toContainEqual(expect.stringMatching(/^- column hypotheses\.summary .*NOT NULL/));
    expect(difference).toContainEqual(expect.stringMatching(/^\+ index extra_index: /));
  });

  it('keeps the append-only audit log, immutable chunks and full-text search of the SQLite schema', async () => {
    const client = await fresh(await databases.another('rules'));
    await client.query(`INSERT INTO audit_log (at, client_id, action, arguments, outcome, duration_ms, prev_hash, hash) VALUES ('t', 'c', 'a', '{}', 'success', 1, 'g', 'h1')`);
    await expect(client.query(`UPDATE audit_log SET action = 'b'`)).rejects.toThrow(/audit_log is append-only/);
    await expect(client.query('DELETE FROM audit_log')).rejects.toThrow(/audit_log is append-only/);
    await expect(client.query(`UPDATE knowledge_chunks SET content = 'x'`)).rejects.toThrow(/knowledge_chunks are replaced, never updated/);
    // Stemming as FTS5's porter tokenizer: "cells" finds the chunk titled "Stellate cells" whose text says "cell".
    const found = await client.query(`SELECT document_id FROM knowledge_chunks WHERE search_vector @@ plainto_tsquery('english', 'quiescent cells')`);
    expect(found.rows).toEqual([{ document_id: 'doc_1' }]);
    // 0008 widened the checkpoint kinds in place: change_request is accepted, an unknown kind is not.
    const checkpoint = (id: string, kind: string) =>
      client.query(`INSERT INTO checkpoints (id, project_id, kind, payload, iteration, status, created_at) VALUES ('${id}', 'res_1', '${kind}', '{}', 1, 'pending', 't')`);
    await checkpoint('chk_1', 'change_request');
    await expect(checkpoint('chk_2', 'bribe')).rejects.toThrow(/checkpoints_kind_check/);
    // Collection names are unique regardless of case, as COLLATE NOCASE makes them in SQLite.
    await expect(
      client.query(`INSERT INTO knowledge_collections (id, name, kind, created_by, created_at, updated_at) VALUES ('col_2', 'LIVER', 'fundamental', 't', 't', 't')`),
    ).rejects.toThrow(/knowledge_collections_name_nocase/);
  });

  it('lets concurrent migrators apply each step once', async () => {
    const url = await databases.another('race');
    const [a, b, c] = await Promise.all([connect(url), connect(url), connect(url)]);
    const outcomes = await Promise.all([a, b, c].map((client, index) => migratePostgres(client!, `racer ${index}`)));
    expect(outcomes.flatMap((outcome) => outcome.applied).sort()).toEqual(MIGRATIONS.map((m) => m.name).sort());
    for (const outcome of outcomes) expect(outcome.to).toBe(LATEST_SCHEMA_VERSION);
    const rows = await a!.query('SELECT version FROM schema_version ORDER BY version');
    expect(rows.rows.map((r: { version: number }) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('waits for a migrator holding the lock, then finds the work done', async () => {
    const url = await databases.another('lock');
    const holder = await connect(url);
    const waiter = await connect(url);
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    let settled = false;
    const waiting = migratePostgres(waiter, 'waiter').finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    await holder.query('COMMIT');
    expect((await waiting).to).toBe(LATEST_SCHEMA_VERSION);
  });

  it('refuses a database of a newer schema and changes nothing', async () => {
    const client = await connect(await databases.another('newer'));
    await migratePostgres(client, 'newer', { target: 2 });
    await client.query(`INSERT INTO schema_version (version, name) VALUES (99, '0099_future')`);
    const error = await migratePostgres(client, 'the newer database').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('DATABASE_TOO_NEW');
    expect((error as StoreError).message).toContain(`schema 99; this version understands up to ${LATEST_SCHEMA_VERSION}`);
    const tables = await client.query(`SELECT to_regclass('knowledge_collections') AS found`);
    expect(tables.rows[0].found).toBeNull();
  });

  it('creates a new database in one transaction: a failing step leaves nothing behind', async () => {
    const client = await connect(await databases.another('broken-new'));
    const broken = MIGRATIONS.map((m) => (m.version === 3 ? { ...m, postgres: `${m.postgres}\nCREATE TABLE oops (x no_such_type);` } : m));
    const error = await migratePostgres(client, 'the broken database', { migrations: broken }).catch((e: unknown) => e);
    expect((error as StoreError).code).toBe('DATABASE_MIGRATION_FAILED');
    expect((error as StoreError).message).toMatch(/0003_knowledge failed .* rolled back with every step before it .*: type "no_such_type" does not exist/);
    expect(await postgresSchemaVersion(client)).toBe(0);
    const tables = await client.query(`SELECT to_regclass('projects') AS projects, to_regclass('schema_version') AS versions`);
    expect(tables.rows[0]).toEqual({ projects: null, versions: null });
    // The same list without the fault then creates it whole.
    expect((await migratePostgres(client, 'the mended database')).applied).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it('creates a new database from the baseline, then takes the steps after it', async () => {
    const client = await connect(await databases.another('after-baseline'));
    const later = { version: LATEST_SCHEMA_VERSION + 1, name: '9999_later_step', sql: 'unused here', postgres: 'CREATE TABLE later_step (x bigint);' };
    const outcome = await migratePostgres(client, 'the database', { migrations: [...MIGRATIONS, later], baseline: POSTGRES_BASELINE });
    expect(outcome).toEqual({ from: 0, to: later.version, applied: [...MIGRATIONS, later].map((m) => m.name) });
    const versions = await client.query<{ version: number; name: string }>('SELECT version::integer AS version, name FROM schema_version ORDER BY version');
    expect(versions.rows).toEqual([...MIGRATIONS, later].map((m) => ({ version: m.version, name: m.name })));
    const tables = await client.query(`SELECT to_regclass('projects') IS NOT NULL AS projects, to_regclass('later_step') IS NOT NULL AS later`);
    expect(tables.rows[0]).toEqual({ projects: true, later: true });
  });

  it('checks the function bodies of the steps after the baseline, as it does without one', async () => {
    const client = await connect(await databases.another('checked-after-baseline'));
    const unchecked = {
      version: LATEST_SCHEMA_VERSION + 1,
      name: '9999_reads_a_missing_table',
      sql: 'unused here',
      postgres: 'CREATE FUNCTION reads_a_missing_table() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM no_such_table $$;',
    };
    const error = await migratePostgres(client, 'the database', { migrations: [...MIGRATIONS, unchecked], baseline: POSTGRES_BASELINE }).catch((e: unknown) => e);
    expect((error as StoreError).code).toBe('DATABASE_MIGRATION_FAILED');
    expect((error as StoreError).message).toMatch(/9999_reads_a_missing_table failed .* rolled back with every step before it .*: relation "no_such_table" does not exist/);
    expect(await postgresSchemaVersion(client)).toBe(0);
  });

  it('rolls a failing baseline back whole', async () => {
    const client = await connect(await databases.another('broken-baseline'));
    const broken = { ...POSTGRES_BASELINE, postgres: `${POSTGRES_BASELINE.postgres}\nCREATE TABLE oops (x no_such_type);` };
    const error = await migratePostgres(client, 'the broken database', { baseline: broken }).catch((e: unknown) => e);
    expect((error as StoreError).code).toBe('DATABASE_MIGRATION_FAILED');
    const lastInBaseline = MIGRATIONS[POSTGRES_BASELINE.version - 1]?.name;
    expect((error as StoreError).message).toBe(
      `Migration the baseline (0001_initial to ${lastInBaseline}) failed on the PostgreSQL database the broken database and was rolled back (a new database is created in one transaction): type "no_such_type" does not exist`,
    );
    expect(await postgresSchemaVersion(client)).toBe(0);
    const tables = await client.query(`SELECT to_regclass('projects') AS projects, to_regclass('schema_version') AS versions`);
    expect(tables.rows[0]).toEqual({ projects: null, versions: null });
    expect((await migratePostgres(client, 'the mended database')).applied).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it('upgrades an existing database a step per transaction: a failing step is rolled back whole and the steps before it stay', async () => {
    const client = await connect(await databases.another('broken'));
    await migratePostgres(client, 'broken', { target: 1 });
    const broken = MIGRATIONS.map((m) => (m.version === 3 ? { ...m, postgres: `${m.postgres}\nCREATE TABLE oops (x no_such_type);` } : m));
    const error = await migratePostgres(client, 'the broken database', { migrations: broken }).catch((e: unknown) => e);
    expect((error as StoreError).code).toBe('DATABASE_MIGRATION_FAILED');
    expect((error as StoreError).message).toMatch(/0003_knowledge failed .* rolled back: type "no_such_type" does not exist/);
    expect(await postgresSchemaVersion(client)).toBe(2);
    const tables = await client.query(`SELECT to_regclass('knowledge_collections') AS found`);
    expect(tables.rows[0].found).toBeNull();
  });
});
