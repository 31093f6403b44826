// The two ways a SQLite database reaches the latest schema, for the migration tests: fresh (an
// empty database migrated to the latest version in one run, then the fixture written) and step by
// step (one run per version, the connection closed and reopened between runs as at a restart, each
// fixture group written at its version so that the later migrations' backfills run over it).
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { migrate } from '../../src-mcp/store/database.js';
import { handleOf } from '../../src-mcp/store/handle.js';
import { LATEST_SCHEMA_VERSION } from '../../src-mcp/store/migrations/index.js';
import { databasePath } from '../../src-shared/node/dataDir.js';
import { FIXTURE_AT_LATEST_ONLY, FIXTURE_BY_VERSION } from './migrationFixture.js';

/** A connection set up as openDatabase sets one up (foreign keys on), migrated to `target`. */
async function openAt(dir: string, target: number): Promise<Database.Database> {
  fs.mkdirSync(dir, { recursive: true });
  const connection = new Database(databasePath(dir));
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  await migrate(handleOf(connection), target);
  return connection;
}

export async function freshSqlite(dir: string): Promise<Database.Database> {
  const connection = await openAt(dir, LATEST_SCHEMA_VERSION);
  for (const statements of FIXTURE_BY_VERSION.values()) for (const statement of statements) connection.exec(statement);
  for (const statement of FIXTURE_AT_LATEST_ONLY) connection.exec(statement);
  return connection;
}

export async function stepwiseSqlite(dir: string): Promise<Database.Database> {
  for (let version = 1; version < LATEST_SCHEMA_VERSION; version += 1) {
    const connection = await openAt(dir, version);
    for (const statement of FIXTURE_BY_VERSION.get(version) ?? []) connection.exec(statement);
    connection.close();
  }
  return await openAt(dir, LATEST_SCHEMA_VERSION);
}

/** Each derived-state query's rows. */
export function sqliteDerivedState(connection: Database.Database, queries: Readonly<Record<string, string>>): Record<string, unknown[]> {
  return Object.fromEntries(Object.entries(queries).map(([name, sql]) => [name, connection.prepare(sql).all()]));
}
