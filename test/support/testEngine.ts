// Which engine a test run's store uses (docs/architecture.md, *PostgreSQL engine*, "Tests"): the
// store, engine and MCP suites run once on SQLite and once more with COSCI_TEST_ENGINE=postgres
// (vitest.config.ts's `postgres` project), the same tests. Servers a test starts on a data folder
// get that folder's database on PostgreSQL runs (server.ts): servers on one folder share one
// database, as they share the file. No vitest and no store import here: Playwright specs and
// benchmarks start servers through server.ts too.
import fs from 'node:fs';
import { createTestDatabase, dropTestDatabase, postgresUnavailableReason } from './postgresAdmin.js';

export const TEST_ENGINE_ENV = 'COSCI_TEST_ENGINE';

export type TestEngine = 'sqlite' | 'postgres';

export function testEngine(env: NodeJS.ProcessEnv = process.env): TestEngine {
  const engine = env[TEST_ENGINE_ENV] ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`${TEST_ENGINE_ENV} must be sqlite or postgres; it is "${engine}".`);
  return engine;
}

/** A new database on the run's cluster, or a clear error saying why there is none. */
export async function newTestDatabase(label: string): Promise<string> {
  const missing = postgresUnavailableReason();
  if (missing !== undefined) throw new Error(`${TEST_ENGINE_ENV}=postgres, but there is ${missing}`);
  return createTestDatabase(label);
}

const folderDatabases = new Map<string, Promise<string>>();

/** The database standing for `dataDir` in a PostgreSQL run (made on first use); undefined on SQLite, where the folder's file is the store. */
export async function databaseUrlFor(dataDir: string): Promise<string | undefined> {
  if (testEngine() === 'sqlite') return undefined;
  let url = folderDatabases.get(dataDir);
  if (url === undefined) {
    url = newTestDatabase('folder');
    folderDatabases.set(dataDir, url);
  }
  return url;
}

/**
 * Copies a data folder with its store, as a copy of a SQLite folder copies its file: on PostgreSQL
 * the copy's database starts as a copy of the source folder's (whose servers must be closed).
 */
export async function copyDataFolder(from: string, to: string): Promise<void> {
  fs.cpSync(from, to, { recursive: true });
  const source = await databaseUrlFor(from);
  if (source === undefined) return;
  folderDatabases.set(to, createTestDatabase('folder', source));
}

/** Drops every folder's database (after the file's tests, when its servers are gone). */
export async function dropFolderDatabases(): Promise<void> {
  const urls = [...folderDatabases.values()];
  folderDatabases.clear();
  for (const url of urls) await dropTestDatabase(await url);
}
