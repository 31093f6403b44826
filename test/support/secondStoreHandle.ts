// A second handle on the store a test opened with openTestStore: what another server process on
// the same database would hold (its own connection on SQLite's file, its own pool on PostgreSQL),
// on the same data folder (so the same audit anchor) unless given another: a replica on another
// machine keeps its own anchor for the database (store/auditAnchor.ts).
import path from 'node:path';
import { databaseFile, openDatabase, openPostgresDatabase, type Db } from '../../src-mcp/store/database.js';
import { testStoreDataDir, testStoreUrl } from './storeEngine.js';

/** Opens another handle on `db`'s store; the caller closes it (closeDatabase). `dataDir`: PostgreSQL only, the replica's own folder. */
export async function openSecondHandle(db: Db, dataDir?: string): Promise<Db> {
  const url = testStoreUrl(db);
  return url === undefined ? await openDatabase(path.dirname(databaseFile(db))) : await openPostgresDatabase(url, dataDir ?? testStoreDataDir(db));
}
