// Which engine a test run's store uses (docs/architecture.md, *PostgreSQL engine*, "Tests"): the
// store, engine and MCP suites run once on SQLite and once more with COSCI_TEST_ENGINE=postgres
// (vitest.config.ts's `postgres` project), the same tests. Servers a test starts on a data folder
// get that folder's database on PostgreSQL runs (server.ts): servers on one folder share one
// database, as they share the file. No vitest and no store import here: Playwright specs and
// benchmarks start servers through server.ts too.
import fs from 'node:fs';
import path from 'node:path';
import { createTestDatabase, dropTestDatabase, postgresUnavailableReason, restoreTestDatabase } from './postgresAdmin.js';
import { makeTempDir } from './tempDirs.js';

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

/**
 * Keeps a copy of a data folder's store as it is now; the function returned puts that copy back
 * under the same name, as restoring an older backup does: SQLite's database files copied aside and
 * back, or on PostgreSQL a copy of the folder's database (CREATE DATABASE … TEMPLATE) that replaces
 * it under its own name, so servers reach it at the same address. The folder's servers must be closed
 * at both steps; data folder files other than the store (the audit anchors) are left as they are.
 */
export async function backUpFolderStore(dataDir: string): Promise<() => Promise<void>> {
  const url = await databaseUrlFor(dataDir);
  if (url === undefined) {
    const backup = makeTempDir('cosci-store-backup-');
    const storeFiles = (dir: string): string[] => fs.readdirSync(dir).filter((name) => name.startsWith('co-scientist.db'));
    for (const name of storeFiles(dataDir)) fs.copyFileSync(path.join(dataDir, name), path.join(backup, name));
    return async () => {
      for (const name of storeFiles(dataDir)) fs.rmSync(path.join(dataDir, name));
      for (const name of storeFiles(backup)) fs.copyFileSync(path.join(backup, name), path.join(dataDir, name));
    };
  }
  const copy = await createTestDatabase('backup', url);
  return async () => {
    await restoreTestDatabase(url, copy);
    await dropTestDatabase(copy);
  };
}

/** Drops every folder's database (after the file's tests, when its servers are gone). */
export async function dropFolderDatabases(): Promise<void> {
  const urls = [...folderDatabases.values()];
  folderDatabases.clear();
  for (const url of urls) await dropTestDatabase(await url);
}
