// A test's store on the run's engine (testEngine.ts): `openTestStore` opens a new, empty,
// migrated one (a SQLite temp folder, or a new database on the run's PostgreSQL cluster);
// `openStoreFor` the one the servers of a data folder use. A PostgreSQL handle gets a data folder
// as a server process has (its audit anchor for the database lives there: store/auditAnchor.ts).
// All are closed, and their databases dropped, after the file's tests (vitestSetup.ts).
import { closeDatabase, isDatabaseOpen, openDatabase, openPostgresDatabase, type Db } from '../../src-mcp/store/database.js';
import { dropTestDatabase } from './postgresAdmin.js';
import { makeTempDir } from './tempDirs.js';
import { databaseUrlFor, dropFolderDatabases, newTestDatabase, testEngine } from './testEngine.js';

export { TEST_ENGINE_ENV, testEngine, type TestEngine } from './testEngine.js';

const opened: Array<{ db: Db; url: string | undefined; dataDir?: string }> = [];

/** A new, empty, migrated store on this run's engine. */
export async function openTestStore(prefix = 'cosci-store-'): Promise<Db> {
  if (testEngine() === 'sqlite') {
    const db = await openDatabase(makeTempDir(prefix));
    opened.push({ db, url: undefined });
    return db;
  }
  const url = await newTestDatabase(prefix.replace(/[^a-z0-9]+/gi, '_').replace(/_+$/, ''));
  const dataDir = makeTempDir(prefix);
  const db = await openPostgresDatabase(url, dataDir);
  opened.push({ db, url, dataDir });
  return db;
}

/** A handle on the store the servers of `dataDir` use (the file in it, or its database). */
export async function openStoreFor(dataDir: string): Promise<Db> {
  const url = await databaseUrlFor(dataDir);
  const db = url === undefined ? await openDatabase(dataDir) : await openPostgresDatabase(url, dataDir);
  // The folder's database is dropped with the folder's (dropFolderDatabases), not with this handle.
  opened.push({ db, url: undefined, dataDir });
  return db;
}

/** A new data folder and a handle on its store (the one servers started on the folder will use). */
export async function openFolderStore(prefix = 'cosci-folder-'): Promise<{ dataDir: string; db: Db }> {
  const dataDir = makeTempDir(prefix);
  return { dataDir, db: await openStoreFor(dataDir) };
}

/** The URL of a store openTestStore made on PostgreSQL (for a second handle: another process's view); undefined on SQLite. */
export function testStoreUrl(db: Db): string | undefined {
  return opened.find((each) => each.db === db)?.url;
}

/** The data folder of a PostgreSQL store openTestStore made (where its audit anchor is); undefined on SQLite, where the folder is the database file's. */
export function testStoreDataDir(db: Db): string | undefined {
  const found = opened.find((each) => each.db === db);
  return found?.url === undefined ? undefined : found.dataDir;
}

/** Closes every store the file opened and drops its PostgreSQL databases. */
export async function closeTestStores(): Promise<void> {
  for (const { db, url } of opened.splice(0)) {
    if (isDatabaseOpen(db)) await closeDatabase(db).catch(() => undefined);
    if (url !== undefined) await dropTestDatabase(url);
  }
  await dropFolderDatabases();
}
