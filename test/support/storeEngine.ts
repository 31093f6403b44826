// Which engine a test run's store uses (docs/architecture.md, *PostgreSQL engine*, "Tests"): the
// store, engine and MCP suites run once on SQLite and once more with COSCI_TEST_ENGINE=postgres
// (vitest.config.ts's `postgres` project), the same tests. A test opens its store through
// `openTestStore`; on PostgreSQL each store is a new database on the run's cluster, dropped with the
// file's temp folders after its tests (vitestSetup.ts).
import { closeDatabase, openDatabase, openPostgresDatabase, type Db } from '../../src-mcp/store/database.js';
import { isDatabaseOpen } from '../../src-mcp/store/database.js';
import { createTestDatabase, dropTestDatabase, postgresUnavailableReason } from './postgresDatabase.js';
import { makeTempDir } from './tempDirs.js';

export const TEST_ENGINE_ENV = 'COSCI_TEST_ENGINE';

export type TestEngine = 'sqlite' | 'postgres';

export function testEngine(env: NodeJS.ProcessEnv = process.env): TestEngine {
  const engine = env[TEST_ENGINE_ENV] ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`${TEST_ENGINE_ENV} must be sqlite or postgres; it is "${engine}".`);
  return engine;
}

const opened: Array<{ db: Db; url: string | undefined }> = [];

/** A new, empty, migrated store on this run's engine. */
export async function openTestStore(prefix = 'cosci-store-'): Promise<Db> {
  if (testEngine() === 'sqlite') {
    const db = await openDatabase(makeTempDir(prefix));
    opened.push({ db, url: undefined });
    return db;
  }
  const missing = postgresUnavailableReason();
  if (missing !== undefined) throw new Error(`${TEST_ENGINE_ENV}=postgres, but there is ${missing}`);
  const url = await createTestDatabase(prefix.replace(/[^a-z0-9]+/gi, '_').replace(/_+$/, ''));
  const db = await openPostgresDatabase(url);
  opened.push({ db, url });
  return db;
}

/** A second handle on the same store (another server process's view), or undefined on SQLite where the folder is the store. */
export function testStoreUrl(db: Db): string | undefined {
  return opened.find((each) => each.db === db)?.url;
}

/** Closes every store the file opened and drops its PostgreSQL databases. */
export async function closeTestStores(): Promise<void> {
  for (const { db, url } of opened.splice(0)) {
    if (isDatabaseOpen(db)) await closeDatabase(db).catch(() => undefined);
    if (url !== undefined) await dropTestDatabase(url);
  }
}
