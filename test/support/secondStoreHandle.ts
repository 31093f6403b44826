// A second handle on the store a test opened with openTestStore: what another server process on
// the same database would hold (its own connection on SQLite's file, its own pool on PostgreSQL).
import path from 'node:path';
import { databaseFile, openDatabase, openPostgresDatabase, type Db } from '../../src-mcp/store/database.js';
import { testStoreUrl } from './storeEngine.js';

/** Opens another handle on `db`'s store; the caller closes it (closeDatabase). */
export async function openSecondHandle(db: Db): Promise<Db> {
  const url = testStoreUrl(db);
  return url === undefined ? await openDatabase(path.dirname(databaseFile(db))) : await openPostgresDatabase(url);
}
